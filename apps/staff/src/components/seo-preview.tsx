import { imageUrl } from '@grocer/shared/image';
import { t } from '../lib/i18n';

/**
 * How a page appears in a search result and as a shared link's social card (Open Graph), for the
 * site's SEO settings and each page's own SEO fields alike.
 */
export function SeoPreview({
  title,
  description,
  url,
  image,
  siteName,
}: {
  title: string;
  description: string;
  url: string;
  image: string;
  siteName: string;
}) {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  return (
    // one column as wide as its place (its long lines truncate rather than widen the page)
    <div className="grid grid-cols-1 gap-4">
      <section aria-label={t('Search result preview')} className="rounded-lg border bg-white p-4 shadow-sm">
        <p className="mb-2 text-xs font-medium uppercase tracking-wide text-gray-500">{t('Search result')}</p>
        <p className="truncate text-xs text-gray-700">
          {siteName} · {url}
        </p>
        <p className="mt-0.5 truncate text-lg text-[#1a0dab]">{cut(title || siteName, 60)}</p>
        <p className="line-clamp-2 text-sm text-gray-700">
          {cut(description, 160) || <em className="text-gray-500">{t('No description: search engines pick text from the page.')}</em>}
        </p>
        {title.length > 60 && <p className="mt-1 text-xs text-amber-800">{t('The title is cut after about 60 characters.')}</p>}
        {description.length > 160 && (
          <p className="mt-1 text-xs text-amber-800">{t('The description is cut after about 160 characters.')}</p>
        )}
      </section>
      <section aria-label={t('Social card preview')} className="overflow-hidden rounded-lg border bg-white shadow-sm">
        <p className="px-4 pt-3 pb-2 text-xs font-medium uppercase tracking-wide text-gray-500">{t('Shared link')}</p>
        <div className="aspect-[1.91/1] bg-gray-100">
          {image ? (
            <img src={imageUrl(image, 'large', '')} alt="" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-gray-500">{t('No image')}</div>
          )}
        </div>
        <div className="border-t bg-gray-50 px-4 py-2">
          <p className="text-xs uppercase text-gray-500">{host}</p>
          <p className="truncate font-semibold">{title || siteName}</p>
          <p className="line-clamp-1 text-sm text-gray-600">{description}</p>
        </div>
      </section>
    </div>
  );
}
