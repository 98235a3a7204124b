import { formatINR } from '@grocer/shared/money';
import { perKgLabel, weightLabel } from '@grocer/shared/weighed';
import type { Category, Pack, Product } from '@grocer/shared/catalogue';
import { bestValuePackId, displayPack, packsBySize, unitPrice } from '@grocer/shared/packs';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Later } from '../../../components/ui/later';
import { LoadingView } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { img, imgSrcSet } from '@grocer/blocks/image';
import { paths } from '../../../lib/paths';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import { DeliveryPromise } from '../../../components/delivery-promise';
import { productQuery } from '../api/products';
import { discountLabel, Price } from '@grocer/blocks/price';
import type { ProductControls } from '@grocer/blocks/product-card';
import { sanitizeHtml } from '@grocer/blocks/sanitize';
import { FoodMark } from '@grocer/blocks/food-mark';
import { FOOD_TYPE_LABELS } from '@grocer/shared/food-types';
import { Star } from 'lucide-react';
import { t } from '../../../lib/i18n';
import { withLater } from '../../../locales/load';

/** What the route puts beside Add to Cart for the chosen pack (the subscriptions feature's "Subscribe"; nothing when the pack is not subscribable). */
type Subscribe = (product: Product, pack: Pack) => React.ReactNode;

// the full-screen viewer loads when a shopper first opens it
const ImageZoom = lazy(() => withLater(import('./image-zoom')));

/** /products/{slug}: gallery, name, brand, pack selector, price, description, info, the pack's facts and reviews. */
export function ProductPage({
  slug,
  categories,
  related,
  reviews,
  subscribe,
  ...controls
}: {
  slug: string;
  categories: Category[];
  related?: React.ReactNode;
  reviews?: React.ReactNode;
  subscribe?: Subscribe;
} & ProductControls) {
  const { data: product, isPending, error } = useQuery(productQuery(slug));
  if (isPending) return <LoadingView />;
  if (error) {
    if (error instanceof ApiError && error.status === 404) return <ProductNotFound />;
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
        {readError(error)}
      </p>
    );
  }
  return (
    <ProductDetail product={product} categories={categories} related={related} reviews={reviews} subscribe={subscribe} {...controls} />
  );
}

function ProductDetail({
  product,
  categories,
  related,
  reviews,
  subscribe,
  cartControl,
  wishlistControl,
}: {
  product: Product;
  categories: Category[];
  related?: React.ReactNode;
  reviews?: React.ReactNode;
  subscribe?: Subscribe;
} & ProductControls) {
  const [packId, setPackId] = useState(() => displayPack(product.packs)?.pack_id);
  const [media, setMedia] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    document.title = product.product_name;
  }, [product.product_name]);
  useEffect(() => {
    track(SHOP_EVENTS.productViewed, { product_id: product.product_id, product: product.product_name, slug: product.slug });
  }, [product.product_id, product.product_name, product.slug]);
  const pack = product.packs.find((p) => p.pack_id === packId) ?? product.packs[0];
  const trail = breadcrumb(categories, product.category_slug);
  const off = pack ? discountLabel(pack) : null;
  const bestValue = bestValuePackId(product.packs);
  const medias = product.medias.length ? product.medias : [{ src: '' }];
  return (
    // room under the page for the phone's buy bar
    <article className="pb-20 md:pb-0">
      <nav aria-label={t('Breadcrumb')} className="mb-3 text-sm text-gray-500">
        <Link to="/">{t('Home')}</Link>
        {trail.map((c) => (
          <span key={c.slug}>
            {' / '}
            <Link to={`/products?c=${c.slug}`}>{c.name}</Link>
          </span>
        ))}
      </nav>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl border bg-gray-50">
            <button
              type="button"
              onClick={() => setZoomed(true)}
              aria-label={t('Zoom into the image of {name}', { name: product.product_name })}
              className="block h-full w-full cursor-zoom-in"
            >
              <img
                src={img(medias[media]?.src, 'large')}
                srcSet={imgSrcSet(medias[media]?.src)}
                sizes="(min-width: 768px) 50vw, 100vw"
                alt={medias[media]?.alt || product.product_name}
                width={1000}
                height={750}
                className="h-full w-full object-cover"
                fetchPriority="high"
              />
            </button>
            {wishlistControl && <div className="absolute top-3 right-3">{wishlistControl(product)}</div>}
          </div>
          {medias.length > 1 && (
            <div className="mt-2 flex gap-2">
              {medias.map((m, i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => setMedia(i)}
                  aria-label={t('Image {number}', { number: i + 1 })}
                  aria-pressed={media === i}
                  className={`aspect-[4/3] w-20 overflow-hidden rounded border ${media === i ? 'ring-2 ring-[var(--color-primary)]' : ''}`}
                >
                  <img src={img(m.src, 'small')} alt="" width={80} height={60} className="h-full w-full object-cover" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="flex flex-col gap-4">
          <div>
            {/* a product without a brand (the demo's loose goods) has no brand link */}
            {product.brand_slug && (
              <Link to={paths.products({ b: [product.brand_slug] })} className="text-sm font-medium text-[var(--color-primary)]">
                {product.brand_name}
              </Link>
            )}
            {/* the mark beside the heading, not in it: the heading's name is the product's name */}
            <div className="flex items-start gap-2">
              {product.food_type && product.food_type !== 'not_food' && (
                <span className="mt-1.5">
                  <FoodMark type={product.food_type} size={18} />
                </span>
              )}
              <h1 className="text-2xl font-bold">{product.product_name}</h1>
            </div>
            {product.rating && product.rating.count > 0 && (
              <a href="#reviews" className="mt-1 inline-flex items-center gap-1 text-sm text-gray-700">
                <Star size={16} aria-hidden="true" fill="currentColor" className="text-amber-500" />
                <span className="font-semibold">{product.rating.average.toFixed(1)}</span>
                <span className="text-gray-500">
                  {t('({count, plural, one {# review} other {# reviews}})', { count: product.rating.count })}
                </span>
              </a>
            )}
          </div>
          {pack && (
            <div className="flex items-center gap-3">
              <Price pack={pack} large />
              {off && <span className="rounded bg-[var(--color-accent,#be123c)] px-2 py-0.5 text-sm font-semibold text-white">{off}</span>}
            </div>
          )}
          <p className="text-xs text-gray-500">
            {[pack && unitPrice(pack.pack_name, pack.price, formatINR), t('Inclusive of all taxes')].filter(Boolean).join(' · ')}
          </p>
          {pack?.stock !== 0 && <DeliveryPromise withPincode className="text-sm text-emerald-800" />}
          {product.packs.length > 0 && (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">{t('Pack size')}</legend>
              {/* smallest first, each with its MRP struck through when it is more, the cheapest per kg tagged (issue 39) */}
              <div className="flex flex-wrap gap-2">
                {packsBySize(product.packs).map((p) => (
                  <button
                    key={p.pack_id}
                    type="button"
                    onClick={() => setPackId(p.pack_id)}
                    aria-pressed={p.pack_id === pack?.pack_id}
                    className={`rounded-lg border px-3 py-2 text-sm ${p.pack_id === pack?.pack_id ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/10 font-semibold' : 'hover:bg-gray-50'} ${p.stock === 0 ? 'border-dashed text-gray-600' : ''}`}
                  >
                    {p.pack_id === bestValue && (
                      <span className="mb-0.5 block w-fit rounded bg-emerald-100 px-1.5 text-[11px] font-semibold text-emerald-800">
                        {t('Best value')}
                      </span>
                    )}
                    {p.pack_name}
                    <span className="block text-xs font-normal">
                      {p.stock === 0 ? (
                        t('Out of stock')
                      ) : (
                        <>
                          {packPrice(p, p.price)}
                          {p.act_price > p.price && (
                            <s className="ml-1 text-gray-600">
                              <span className="sr-only">{t('MRP')} </span>
                              {packPrice(p, p.act_price)}
                            </s>
                          )}
                        </>
                      )}
                    </span>
                    {p.stock !== 0 && unitPrice(p.pack_name, p.price, formatINR) && (
                      <span className="block text-xs font-normal text-gray-600">{unitPrice(p.pack_name, p.price, formatINR)}</span>
                    )}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {pack?.stock === 0 ? (
            <p className="font-medium text-red-700">{t('Out of stock')}</p>
          ) : pack && typeof pack.stock === 'number' && pack.stock <= (pack.sold_by_weight ? 5 * (pack.step_grams ?? 1) : 5) ? (
            <p className="text-sm text-amber-700">
              {t('Only {count} left', { count: pack.sold_by_weight ? weightLabel(pack.stock) : pack.stock })}
            </p>
          ) : null}
          {pack && cartControl && (
            // On a phone the chosen pack's price and Add to Cart stay at the bottom of the screen.
            <div
              data-testid="buy-bar"
              className={`fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:static md:z-auto md:border-0 md:p-0 md:shadow-none ${subscribe ? 'md:max-w-md' : 'md:max-w-xs'}`}
            >
              <div className="md:hidden">
                <p className="text-xs text-gray-500">{pack.pack_name}</p>
                <p className="font-semibold">{packPrice(pack, pack.price)}</p>
              </div>
              <div className="flex-1">{cartControl(product, pack)}</div>
              {/* "Subscribe" beside it for a pack the owner made subscribable (the subscriptions feature, through the route) */}
              {subscribe && pack.stock !== 0 && <div className="flex-1 empty:hidden">{subscribe(product, pack)}</div>}
            </div>
          )}
          {typeof product.product_description === 'string' && product.product_description && (
            <section>
              <h2 className="mb-1 font-semibold">{t('Description')}</h2>
              {/* rich text kept to basic formatting by the server, sanitised again before it is shown */}
              <div className="rich-text text-gray-700" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.product_description) }} />
            </section>
          )}
          {product.product_info && typeof product.product_info === 'object' && (
            <section>
              <h2 className="mb-1 font-semibold">{t('Product information')}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {Object.entries(product.product_info as Record<string, unknown>).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-gray-500">{k}</dt>
                    <dd>{String(v)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <ProductFacts product={product} />
        </div>
      </div>
      {reviews && <Later last>{reviews}</Later>}
      {related && <Later last>{related}</Later>}
      {zoomed && (
        <Suspense fallback={null}>
          <ImageZoom src={medias[media]?.src ?? ''} alt={medias[media]?.alt || product.product_name} onClose={() => setZoomed(false)} />
        </Suspense>
      )}
    </article>
  );
}

/** "Product details": the food type in words, ingredients, the nutrition table and the FSSAI licence, when the shop gave them. */
function ProductFacts({ product }: { product: Product }) {
  const { ingredients, nutrition, fssai_licence: licence, food_type: type } = product;
  if (!ingredients && !nutrition?.length && !licence && (!type || type === 'not_food')) return null;
  return (
    <section aria-labelledby="product-details">
      <h2 id="product-details" className="mb-2 font-semibold">
        {t('Product details')}
      </h2>
      {type && type !== 'not_food' && (
        <p className="mb-2 flex items-center gap-2 text-sm">
          <FoodMark type={type} />
          {t(FOOD_TYPE_LABELS[type])}
        </p>
      )}
      {ingredients && (
        <>
          <h3 className="mt-2 text-sm font-semibold">{t('Ingredients')}</h3>
          <p className="text-sm text-gray-700">{ingredients}</p>
        </>
      )}
      {nutrition && nutrition.length > 0 && (
        <table className="mt-3 w-full max-w-sm border-collapse text-sm">
          <caption className="mb-1 text-left text-sm font-semibold">{t('Nutrition information')}</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1 pr-4 font-medium text-gray-600">
                {t('Nutrient')}
              </th>
              <th scope="col" className="py-1 text-right font-medium text-gray-600">
                {t('Per 100 g/ml')}
              </th>
            </tr>
          </thead>
          <tbody>
            {nutrition.map((r) => (
              <tr key={r.nutrient} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {r.nutrient}
                </th>
                <td className="py-1 text-right">{r.per_100}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {licence && (
        <p className="mt-3 text-sm">
          <span className="text-gray-500">{t('FSSAI Lic. No.')}</span> <span>{licence}</span>
        </p>
      )}
    </section>
  );
}

function breadcrumb(nodes: Category[], slug: string | undefined, trail: Category[] = []): Category[] {
  if (!slug) return [];
  for (const n of nodes) {
    if (n.slug === slug) return [...trail, n];
    const hit = breadcrumb(n.children, slug, [...trail, n]);
    if (hit.length) return hit;
  }
  return [];
}

export function ProductNotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">{t('Product not found')}</h1>
      <p className="mt-2 text-gray-600">{t('It may have been removed or renamed.')}</p>
      <Link to="/products" className="mt-6 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
        {t('Browse products')}
      </Link>
    </div>
  );
}

/** A pack's price as its buttons show it: "₹40/kg" for a loose good (issue 40.5), else rupees. */
const packPrice = (p: Pack, rupees: number) => (p.sold_by_weight ? perKgLabel(rupees) : formatINR(rupees));
