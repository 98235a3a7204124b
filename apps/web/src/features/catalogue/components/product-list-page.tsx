import type { Brand, Category } from '@grocer/shared/catalogue';
import { SORT_LABELS, SORTS } from '@grocer/shared/list-params';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Later } from '../../../components/ui/later';
import { Pagination } from '../../../components/ui/pagination';
import { readError } from '../../../lib/errors';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import { productListQuery } from '../api/products';
import { suggestionsQuery } from '../../../lib/suggestions';
import { paramsFromSearch, searchFromParams } from '@grocer/shared/list-params';
import { CategoryTree } from './category-tree';
import { BrandChecklist, NarrowingFields, narrowingLabels, narrowingOf } from './list-filters';
import { ProductCard, ProductCardSkeleton, type ProductControls } from '@grocer/blocks/product-card';
import { t } from '../../../lib/i18n';

/** /products: search, category and brand filters, sort, 24 per page, 5-button pagination. */
export function ProductListPage({
  categories,
  brands,
  onOpenFilters,
  offers,
  ...controls
}: {
  categories: Category[];
  brands: Brand[];
  onOpenFilters: () => void;
  /** shown above the list on the plain Offers view (the shop's listed coupons) */
  offers?: ReactNode;
} & ProductControls) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const params = paramsFromSearch(search);
  const { data, isPending, isError, error, isPlaceholderData } = useQuery(productListQuery(params));

  // A search (the words, on its first page) is counted once its answer is in, with how many it found.
  const searched = data && !isPlaceholderData && params.q && params.page === 1 ? params.q : null;
  const found = data?.meta.total ?? 0;
  useEffect(() => {
    if (searched) track(SHOP_EVENTS.searched, { query: searched, results: found });
  }, [searched, found]);

  // Keep the address canonical (e.g. page=0 → no page) without adding a history entry.
  const canonical = searchFromParams(params);
  useEffect(() => {
    if (canonical !== search.toString()) setSearch(canonical, { replace: true });
  }, [canonical, search, setSearch]);

  const update = (patch: Partial<typeof params>) =>
    navigate(
      `/products${(() => {
        const s = searchFromParams({ ...params, page: 1, ...patch });
        return s ? `?${s}` : '';
      })()}`,
    );
  const toggle = (key: 'c' | 'b', slug: string) =>
    update({ [key]: params[key].includes(slug) ? params[key].filter((x) => x !== slug) : [...params[key], slug] });

  const selectedNames = [
    ...params.c.map((c) => findCategory(categories, c)?.name ?? c),
    ...params.b.map((b) => brands.find((x) => x.slug === b)?.name ?? b),
  ];
  const narrowed = narrowingLabels(narrowingOf(params));
  // With a least discount asked for, a card shows its biggest saving (unless a price sort needs its price shown)
  const cardSort = params.discount && !params.s?.startsWith('price') ? 'discount' : params.s;
  // Sorting by discount lists only what is on offer (the server leaves undiscounted products out).
  const offersList = !params.q && !selectedNames.length && params.s === 'discount';
  const heading = params.q
    ? t('Results for "{words}"', { words: params.q })
    : selectedNames.length
      ? selectedNames.join(', ')
      : offersList
        ? t('Offers')
        : t('All products');

  return (
    <div className="flex gap-6">
      <Later last>
        <aside className="hidden w-60 shrink-0 lg:block" aria-label={t('Filters')}>
          <h2 className="sr-only">{t('Narrow down')}</h2>
          {/* keyed by the address: Clear all or the phone's modal starts its fields afresh */}
          <NarrowingFields key={canonical} value={narrowingOf(params)} onChange={(n) => update(n)} prefix="side" />
          <h2 className="mt-6 mb-2 text-sm font-semibold tracking-wide text-gray-500 uppercase">{t('Categories')}</h2>
          <CategoryTree nodes={categories} selected={params.c} onToggle={(slug) => toggle('c', slug)} />
          <h2 className="mt-6 mb-2 text-sm font-semibold tracking-wide text-gray-500 uppercase">{t('Brands')}</h2>
          <BrandChecklist brands={brands} selected={params.b} onToggle={(slug) => toggle('b', slug)} />
        </aside>
      </Later>
      <section className="min-w-0 flex-1">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-xl font-bold">{heading}</h1>
            {data && (
              <p className="text-sm text-gray-500">
                {t('{count, plural, one {# product} other {# products}}', { count: data.meta.total })}
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <button type="button" onClick={onOpenFilters} className="flex items-center gap-1 rounded-lg border px-3 py-2 text-sm lg:hidden">
              <SlidersHorizontal size={16} aria-hidden="true" /> {t('Filters')}
            </button>
            <label className="flex items-center gap-2 text-sm">
              <span className="text-gray-600">{t('Sort')}</span>
              <select
                value={params.s ?? (params.q ? 'relevance' : '')}
                onChange={(e) => update({ s: e.target.value || undefined })}
                className="rounded-lg border px-2 py-2 text-sm"
              >
                {!params.q && <option value="">{t('Featured')}</option>}
                {SORTS.filter((s) => s !== 'relevance' || params.q).map((s) => (
                  <option key={s} value={s}>
                    {t(SORT_LABELS[s])}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        {offersList && offers}
        {(params.c.length > 0 || params.b.length > 0 || params.q || narrowed.length > 0) && (
          <div className="mb-4 flex flex-wrap gap-2">
            {[...selectedNames, ...narrowed].map((n) => (
              <span key={n} className="rounded-full bg-gray-100 px-3 py-1 text-xs">
                {n}
              </span>
            ))}
            <Link to="/products" className="rounded-full px-3 py-1 text-xs text-[var(--color-primary)] underline">
              {t('Clear all')}
            </Link>
          </div>
        )}
        {isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
            {readError(error)}
          </p>
        ) : isPending ? (
          <Grid>
            {Array.from({ length: 8 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </Grid>
        ) : data.data.length === 0 ? (
          <EmptyState query={params.q} categories={categories} />
        ) : (
          <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
            {/* the cards' names are h3: this keeps the heading outline whole for screen readers */}
            <h2 className="sr-only">{t('Products')}</h2>
            <Grid>
              {data.data.map((p, i) => (
                <Later key={p.product_id}>
                  <ProductCard product={p} eager={i < 4} sort={cardSort} {...controls} />
                </Later>
              ))}
            </Grid>
            <div className="mt-8">
              <Pagination
                total={data.meta.total}
                perPage={24}
                page={params.page}
                onPage={(page) => {
                  navigate(`/products?${searchFromParams({ ...params, page })}`);
                  window.scrollTo({ top: 0, behavior: 'smooth' }); // the next page starts at its top
                }}
              />
            </div>
          </div>
        )}
      </section>
    </div>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">{children}</div>;
}

function EmptyState({ query, categories }: { query?: string; categories: Category[] }) {
  return (
    <div className="rounded-xl border border-dashed p-8 text-center">
      <h2 className="text-lg font-semibold">
        {query ? t('No products match "{words}"', { words: query }) : t('No products match these filters')}
      </h2>
      {query && <DidYouMean query={query} />}
      <p className="mt-1 text-gray-600">{t('Check the spelling, try a shorter word, or clear the filters.')}</p>
      <Link to="/products" className="mt-4 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-medium text-white">
        {t('See all products')}
      </Link>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {categories.map((c) => (
          <Link key={c.slug} to={`/products?c=${c.slug}`} className="rounded-full border px-3 py-1 text-sm hover:bg-gray-50">
            {c.name}
          </Link>
        ))}
      </div>
    </div>
  );
}

/**
 * The words with their slips corrected, when the server knows closer ones ('basmti' → basmati),
 * else the category closest to them (issue 39: a search that finds nothing still leads somewhere).
 */
function DidYouMean({ query }: { query: string }) {
  const { data } = useQuery(suggestionsQuery(query));
  const words = data?.did_you_mean;
  const category = data?.closest_category;
  if (words)
    return (
      <p className="mt-2 text-base">
        {t('Did you mean')}{' '}
        <Link to={`/products?q=${encodeURIComponent(words)}`} className="font-semibold text-[var(--color-primary)] hover:underline">
          {words}
        </Link>
        ?
      </p>
    );
  if (!category) return null;
  return (
    <p className="mt-2 text-base">
      {t('Try')}{' '}
      <Link to={`/products?c=${encodeURIComponent(category.slug)}`} className="font-semibold text-[var(--color-primary)] hover:underline">
        {category.name}
      </Link>
    </p>
  );
}

function findCategory(nodes: Category[], slug: string): Category | undefined {
  for (const n of nodes) {
    if (n.slug === slug) return n;
    const hit = findCategory(n.children, slug);
    if (hit) return hit;
  }
  return undefined;
}
