import { apiChecked } from '@grocer/shared/api-client';
import { LINK_MESSAGE, LINK_PATTERN } from '@grocer/shared/site-settings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { t } from '../../../lib/i18n';

type Kind = 'category' | 'brand' | 'product' | 'page' | 'url';

/** What the shop links to: its categories, brands and pages (from the storefront's own /s/api/init). */
function useTargets() {
  return useQuery({
    queryKey: ['builder', 'link-targets'],
    queryFn: async ({ signal }) => apiChecked('/api/init', async () => (await import('@grocer/shared/storefront')).initSchema, { signal }),
    staleTime: 60_000,
  });
}

function useProductSearch(q: string) {
  return useQuery({
    queryKey: ['builder', 'link-products', q],
    enabled: q.trim().length >= 2,
    queryFn: async ({ signal }) =>
      apiChecked(
        `/api/products?perPage=8&q=${encodeURIComponent(q.trim())}`,
        async () => (await import('@grocer/shared/catalogue')).productListSchema,
        {
          signal,
        },
      ),
  });
}

/** The kind of a stored link (spec §2: /products?c= a category, ?b= a brand, /products/{slug} a product). */
function kindOf(link: string, pages: string[]): Kind {
  if (/^\/products\?c=[^&]+$/.test(link)) return 'category';
  if (/^\/products\?b=[^&]+$/.test(link)) return 'brand';
  if (/^\/products\/[^/?]+$/.test(link)) return 'product';
  if (pages.includes(link)) return 'page';
  return 'url';
}

/**
 * The link of a menu item: a category, a brand, a product, a page of the shop, or a URL (a path
 * here, or http(s):// or www. for another site, as spec §5's banner links). Answers the link.
 */
export function LinkPicker({
  link,
  onChange,
  error,
}: {
  link: string;
  onChange: (link: string, slug: string | null) => void;
  error?: string;
}) {
  const targets = useTargets();
  const pages = targets.data?.webPages.map((p) => p.url) ?? [];
  const [kind, setKind] = useState<Kind>(() => kindOf(link, pages));
  const [q, setQ] = useState('');
  const products = useProductSearch(q);
  const flatCats: Array<{ name: string; slug: string; depth: number }> = [];
  const walk = (list: NonNullable<typeof targets.data>['categories'], depth: number) =>
    list.forEach((c) => (flatCats.push({ name: c.name, slug: c.slug, depth }), walk(c.children, depth + 1)));
  if (targets.data) walk(targets.data.categories, 0);
  const invalid = kind === 'url' && link !== '' && !LINK_PATTERN.test(link);

  return (
    <div className="grid gap-2">
      <div role="radiogroup" aria-label={t('Link to')} className="flex flex-wrap gap-1">
        {(['category', 'brand', 'product', 'page', 'url'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => setKind(k)}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${kind === k ? 'border-teal-700 bg-teal-700 text-white' : 'hover:bg-gray-50'}`}
          >
            {k === 'url' ? t('URL') : k[0]!.toUpperCase() + k.slice(1)}
          </button>
        ))}
      </div>
      {kind === 'category' && (
        <select
          aria-label={t('Category')}
          className={inputClass}
          value={/^\/products\?c=(.+)$/.exec(link)?.[1] ?? ''}
          onChange={(e) => onChange(`/products?c=${e.target.value}`, e.target.value)}
        >
          <option value="">{t('Choose a category…')}</option>
          {flatCats.map((c) => (
            <option key={c.slug} value={c.slug}>
              {'— '.repeat(c.depth)}
              {c.name}
            </option>
          ))}
        </select>
      )}
      {kind === 'brand' && (
        <select
          aria-label={t('Brand')}
          className={inputClass}
          value={/^\/products\?b=(.+)$/.exec(link)?.[1] ?? ''}
          onChange={(e) => onChange(`/products?b=${e.target.value}`, e.target.value)}
        >
          <option value="">{t('Choose a brand…')}</option>
          {targets.data?.brands.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
      )}
      {kind === 'page' && (
        <select
          aria-label={t('Page')}
          className={inputClass}
          value={pages.includes(link) ? link : ''}
          onChange={(e) => onChange(e.target.value, null)}
        >
          <option value="">{t('Choose a page…')}</option>
          {targets.data?.webPages.map((p) => (
            <option key={p.url} value={p.url}>
              {p.title || p.url} ({p.url})
            </option>
          ))}
        </select>
      )}
      {kind === 'product' && (
        <div>
          <input
            aria-label={t('Find a product')}
            placeholder={t('Type a product name…')}
            className={inputClass}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          {products.data && (
            <ul className="mt-1 max-h-48 overflow-y-auto rounded-md border">
              {products.data.data.length === 0 && <li className="px-3 py-2 text-sm text-gray-500">{t('No matching data')}</li>}
              {products.data.data.map((p) => (
                <li key={p.slug}>
                  <button
                    type="button"
                    className="w-full px-3 py-1.5 text-left text-sm hover:bg-gray-50"
                    onClick={() => onChange(`/products/${p.slug}`, p.slug)}
                  >
                    {p.product_name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {kind === 'url' && (
        <input
          aria-label={t('URL')}
          aria-invalid={invalid || !!error}
          placeholder={t('/about-us or https://…')}
          className={inputClass}
          value={link}
          onChange={(e) => onChange(e.target.value, null)}
        />
      )}
      <p className="text-xs text-gray-500">
        {t('Links to:')} <code className="rounded bg-gray-100 px-1">{link || '—'}</code>
      </p>
      {(invalid || error) && <p className="text-xs text-red-700">{error ?? LINK_MESSAGE}</p>}
    </div>
  );
}
