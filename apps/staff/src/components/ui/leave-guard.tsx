import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

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
      title="Leave without saving?"
      description="Your changes to this page have not been saved. If you leave now, they are lost."
      cancel="Stay on this page"
      confirm="Leave and discard changes"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
