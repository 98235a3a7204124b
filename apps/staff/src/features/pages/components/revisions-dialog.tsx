import { formatDateTime } from '@grocer/shared/format';
import type { BuilderPage } from '@grocer/shared/builder-pages';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { useRevisions } from '../api/get-pages';
import { useRollbackPage } from '../api/page-writes';
import { t } from '../../../lib/i18n';

const when = formatDateTime;

/** Every publish of the page, newest first; rolling back publishes an old revision's content again, as a new revision. */
export function RevisionsDialog({
  page,
  dirty,
  onClose,
  onRolledBack,
}: {
  page: BuilderPage;
  dirty: boolean;
  onClose: () => void;
  onRolledBack: () => void;
}) {
  const revisions = useRevisions(page.id, true);
  const rollback = useRollbackPage(page.id);
  const newest = revisions.data?.data[0]?.number;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[80vh] w-[560px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{t('Revisions of {url}', { url: page.url })}</Dialog.Title>
            <Dialog.Close aria-label={t('Close')} className="rounded p-1 hover:bg-gray-100">
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {t("Each publish is kept. Rolling back publishes that revision's blocks and CSS again as a new revision")}
            {dirty || page.has_draft ? t(', and discards the unpublished draft') : ''}.
          </Dialog.Description>
          {revisions.isPending ? (
            <p className="mt-4 text-sm text-gray-500">{t('Loading…')}</p>
          ) : revisions.error ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {errorMessage(revisions.error)}
            </p>
          ) : revisions.data.data.length === 0 ? (
            <p className="mt-4 text-sm text-gray-500">{t('Not published yet.')}</p>
          ) : (
            <ol className="mt-4 divide-y rounded border">
              {revisions.data.data.map((r) => (
                <li key={r.number} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <div>
                    <p className="font-medium">
                      {t('Revision {number}', { number: r.number })}
                      {r.number === newest && <span className="ml-2 rounded bg-green-100 px-1.5 text-xs text-green-800">{t('live')}</span>}
                    </p>
                    <p className="text-xs text-gray-500">
                      {r.action === 'initial'
                        ? t('The page as it was before its first publish here')
                        : r.action === 'rollback'
                          ? t('Rolled back to revision {from}', { from: r.from })
                          : t('Published')}{' '}
                      {t('· {blocks} {blocks, plural, one {block} other {blocks}} · {created}', {
                        blocks: r.blocks,
                        created: when(r.created_at),
                      })}
                      {r.by ? ` · ${r.by}` : ''}
                    </p>
                  </div>
                  {r.number !== newest && (
                    <button
                      type="button"
                      disabled={rollback.isPending}
                      onClick={() =>
                        rollback.mutate(
                          { number: r.number, version: page.version },
                          {
                            onSuccess: (d) => {
                              toast.success(
                                t("Rolled back: shoppers see revision {number}'s content (now revision {revision})", {
                                  number: r.number,
                                  revision: d.page.revision,
                                }),
                              );
                              onRolledBack();
                              onClose();
                            },
                            onError: (e) => toast.error(errorMessage(e)),
                          },
                        )
                      }
                      className="shrink-0 rounded border px-2 py-1 text-xs font-medium hover:bg-gray-50 disabled:opacity-50"
                    >
                      {t('Roll back to this')}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
