import { formatINR } from '@grocer/shared/money';
import type { Category, Product } from '@grocer/shared/catalogue';
import { displayPack, unitPrice } from '@grocer/shared/packs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Later } from '../../../components/ui/later';
import { LoadingView } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { img, imgSrcSet } from '@grocer/blocks/image';
import { paths } from '../../../lib/paths';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import { DeliveryPromise } from '../../delivery/delivery-promise';
import { productQuery } from '../api/products';
import { discountLabel, Price } from '@grocer/blocks/price';
import type { ProductControls } from '@grocer/blocks/product-card';
import { sanitizeHtml } from '@grocer/blocks/sanitize';

/** /products/{slug}: gallery, name, brand, pack selector, price, description and info. */
export function ProductPage({
  slug,
  categories,
  related,
  ...controls
}: { slug: string; categories: Category[]; related?: React.ReactNode } & ProductControls) {
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
  return <ProductDetail product={product} categories={categories} related={related} {...controls} />;
}

function ProductDetail({
  product,
  categories,
  related,
  cartControl,
  wishlistControl,
}: { product: Product; categories: Category[]; related?: React.ReactNode } & ProductControls) {
  const [packId, setPackId] = useState(() => displayPack(product.packs)?.pack_id);
  const [media, setMedia] = useState(0);
  useEffect(() => {
    document.title = product.product_name;
  }, [product.product_name]);
  useEffect(() => {
    track(SHOP_EVENTS.productViewed, { product_id: product.product_id, product: product.product_name, slug: product.slug });
  }, [product.product_id, product.product_name, product.slug]);
  const pack = product.packs.find((p) => p.pack_id === packId) ?? product.packs[0];
  const trail = breadcrumb(categories, product.category_slug);
  const off = pack ? discountLabel(pack) : null;
  const medias = product.medias.length ? product.medias : [{ src: '' }];
  return (
    // room under the page for the phone's buy bar
    <article className="pb-20 md:pb-0">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm text-gray-500">
        <Link to="/">Home</Link>
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
            {wishlistControl && <div className="absolute top-3 right-3">{wishlistControl(product)}</div>}
          </div>
          {medias.length > 1 && (
            <div className="mt-2 flex gap-2">
              {medias.map((m, i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => setMedia(i)}
                  aria-label={`Image ${i + 1}`}
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
            <Link to={paths.products({ b: [product.brand_slug] })} className="text-sm font-medium text-[var(--color-primary)]">
              {product.brand_name}
            </Link>
            <h1 className="text-2xl font-bold">{product.product_name}</h1>
          </div>
          {pack && (
            <div className="flex items-center gap-3">
              <Price pack={pack} large />
              {off && <span className="rounded bg-[var(--color-accent,#be123c)] px-2 py-0.5 text-sm font-semibold text-white">{off}</span>}
            </div>
          )}
          <p className="text-xs text-gray-500">
            {[pack && unitPrice(pack.pack_name, pack.price, formatINR), 'Inclusive of all taxes'].filter(Boolean).join(' · ')}
          </p>
          {pack?.stock !== 0 && <DeliveryPromise withPincode className="text-sm text-emerald-800" />}
          {product.packs.length > 0 && (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">Pack size</legend>
              <div className="flex flex-wrap gap-2">
                {product.packs.map((p) => (
                  <button
                    key={p.pack_id}
                    type="button"
                    onClick={() => setPackId(p.pack_id)}
                    aria-pressed={p.pack_id === pack?.pack_id}
                    className={`rounded-lg border px-3 py-2 text-sm ${p.pack_id === pack?.pack_id ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/10 font-semibold' : 'hover:bg-gray-50'} ${p.stock === 0 ? 'border-dashed text-gray-600' : ''}`}
                  >
                    {p.pack_name}
                    <span className="block text-xs font-normal">{p.stock === 0 ? 'Out of stock' : formatINR(p.price)}</span>
                    {p.stock !== 0 && unitPrice(p.pack_name, p.price, formatINR) && (
                      <span className="block text-xs font-normal text-gray-600">{unitPrice(p.pack_name, p.price, formatINR)}</span>
                    )}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {pack?.stock === 0 ? (
            <p className="font-medium text-red-700">Out of stock</p>
          ) : pack && typeof pack.stock === 'number' && pack.stock <= 5 ? (
            <p className="text-sm text-amber-700">Only {pack.stock} left</p>
          ) : null}
          {pack && cartControl && (
            // On a phone the chosen pack's price and Add to Cart stay at the bottom of the screen.
            <div
              data-testid="buy-bar"
              className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:static md:z-auto md:max-w-xs md:border-0 md:p-0 md:shadow-none"
            >
              <div className="md:hidden">
                <p className="text-xs text-gray-500">{pack.pack_name}</p>
                <p className="font-semibold">{formatINR(pack.price)}</p>
              </div>
              <div className="flex-1">{cartControl(product, pack)}</div>
            </div>
          )}
          {typeof product.product_description === 'string' && product.product_description && (
            <section>
              <h2 className="mb-1 font-semibold">Description</h2>
              {/* rich text kept to basic formatting by the server, sanitised again before it is shown */}
              <div className="rich-text text-gray-700" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.product_description) }} />
            </section>
          )}
          {product.product_info && typeof product.product_info === 'object' && (
            <section>
              <h2 className="mb-1 font-semibold">Product information</h2>
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
        </div>
      </div>
      {related && <Later last>{related}</Later>}
    </article>
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
      <h1 className="text-2xl font-bold">Product not found</h1>
      <p className="mt-2 text-gray-600">It may have been removed or renamed.</p>
      <Link to="/products" className="mt-6 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
        Browse products
      </Link>
    </div>
  );
}
