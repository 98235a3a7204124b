import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

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
    <AlertDialog.Root open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[450px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">
            Your changes to this page have not been saved. If you leave now, they are lost.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-md border px-4 py-2 text-sm font-medium hover:bg-gray-50">
              Stay on this page
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700"
              onClick={() => blocker.proceed?.()}
            >
              Leave and discard changes
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
