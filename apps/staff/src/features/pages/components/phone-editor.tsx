import type { BuilderPageDetail } from '@grocer/shared/builder-pages';
import { ArrowLeft, ExternalLink, MonitorSmartphone } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePublishPage, useUnpublishPage } from '../api/page-writes';
import { t } from '../../../lib/i18n';

/**
 * The page editor on a phone (below 768 px): Puck's three panes need a wider screen, so the page is
 * shown with what it needs said plainly, and what can be done from a phone — publish the saved
 * draft, unpublish, view it live, or go back to the pages (like Shopify's reduced editor on phones).
 */
export function PhoneEditor({ detail }: { detail: BuilderPageDetail }) {
  const { page } = detail;
  const publish = usePublishPage(page.id);
  const unpublish = useUnpublishPage();
  const busy = publish.isPending || unpublish.isPending;
  const live = page.status === 'published';
  const toPublish = !live || page.has_draft;
  const onError = (e: unknown) => toast.error(errorMessage(e));
  const button = 'inline-flex min-h-11 items-center justify-center gap-1 rounded-md px-4 text-sm font-medium disabled:opacity-50';
  return (
    <main id="main" className="mx-auto min-h-screen max-w-xl p-4">
      <Link to={paths.builderPages()} className={`${button} -ml-2 px-2 text-brand hover:underline`}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('Pages')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold break-words">{page.title || t('(untitled)')}</h1>
      <p className="font-mono text-sm break-all text-gray-600">{page.url}</p>
      <p className="mt-2 text-sm" aria-live="polite">
        {live
          ? page.has_draft
            ? t('Live, with draft changes not yet published')
            : t('Live: shoppers see this page')
          : t('Draft, not published')}
        {page.revision > 0 && t(' · revision {revision}', { revision: page.revision })}
      </p>
      <div role="note" className="mt-5 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <MonitorSmartphone className="size-5 shrink-0" aria-hidden />
        <p>
          {t(
            'The page editor needs a wider screen: open this page on a tablet or a computer (768 px or wider) to change its blocks. From here you can publish the saved draft, unpublish the page or view it.',
          )}
        </p>
      </div>
      <div className="mt-5 flex flex-col gap-2">
        <button
          type="button"
          disabled={busy || !toPublish}
          onClick={() =>
            publish.mutate(page.version, {
              onSuccess: (d) =>
                toast.success(t('Published: shoppers see revision {revision} of {url}', { revision: d.page.revision, url: d.page.url })),
              onError,
            })
          }
          className={`${button} bg-teal-700 text-white hover:bg-teal-800`}
        >
          {toPublish ? t('Publish the saved draft') : t('Published: nothing new to publish')}
        </button>
        {live && page.url !== '/' && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              unpublish.mutate(
                { id: page.id, version: page.version },
                { onSuccess: () => toast.success(t('Unpublished: shoppers no longer see {url}', { url: page.url })), onError },
              )
            }
            className={`${button} border hover:bg-gray-50`}
          >
            {t('Unpublish')}
          </button>
        )}
        {live && (
          <a href={paths.storefrontPage(page.url)} target="_blank" rel="noopener" className={`${button} border hover:bg-gray-50`}>
            <ExternalLink className="size-4" aria-hidden />
            {t('View live')}
          </a>
        )}
      </div>
    </main>
  );
}
