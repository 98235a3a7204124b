import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import { t } from '../../lib/i18n';

/**
 * Warns before unsaved changes are lost: a dialog for moves inside the app, the browser's own
 * prompt for reloads, closing the tab or leaving the app.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t('Leave without saving?')}
      description={t('Your changes to this page have not been saved. If you leave now, they are lost.')}
      cancel={t('Stay on this page')}
      confirm={t('Leave and discard changes')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
