import type { Pack, Product } from '@grocer/shared/catalogue';
import { displayPack, nameUnderBrand, unitPrice } from '@grocer/shared/packs';
import { formatINR } from '@grocer/shared/money';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FoodMark } from './food-mark';
import { img, imgSrcSet } from './image';

import { discountLabel, Price } from './price';
import { t } from './words';

export interface ProductControls {
  /** 'Add to Cart' or the stepper for a pack (the cart feature provides it through the route) */
  cartControl?: (product: Product, pack: Pack) => ReactNode;
  /** the wishlist toggle (the wishlist feature provides it through the route) */
  wishlistControl?: (product: Product) => ReactNode;
}

/**
 * Spec §2 product card: 4:3 image, name, the pack's name, price, struck-through original. The pack
 * shown is the one the list's sort looked at among those in stock (`displayPack`); a product with
 * several packs offers the others in a selector, so any buyable pack can go to the cart from here.
 */
export function ProductCard({
  product,
  cartControl,
  wishlistControl,
  eager = false,
  sort,
}: { product: Product; eager?: boolean; sort?: string } & ProductControls) {
  const [chosen, setChosen] = useState<number | undefined>();
  const pack = product.packs.find((p) => p.pack_id === chosen) ?? displayPack(product.packs, sort);
  const off = pack ? discountLabel(pack) : null;
  return (
    // Cards after the first few are laid out and painted only as they come near the viewport
    // (content-visibility), with room for a card's height kept meanwhile.
    <article
      className={`group relative flex flex-col overflow-hidden rounded-xl border bg-white transition-shadow hover:shadow-md ${eager ? '' : '[contain-intrinsic-size:auto_none_auto_320px] [content-visibility:auto]'}`}
      data-testid="product-card"
    >
      {/* spec §2 product page address (the storefront's paths.product) */}
      <Link to={`/products/${encodeURIComponent(product.slug)}`} className="flex flex-1 flex-col">
        <div className="relative aspect-[4/3] overflow-hidden bg-gray-50">
          <img
            src={img(product.image, 'medium')}
            srcSet={imgSrcSet(product.image)}
            sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
            alt={product.product_name}
            width={480}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding={eager ? 'sync' : 'async'}
            className="h-full w-full object-cover transition-transform group-hover:scale-[1.02]"
          />
          {off && (
            <span className="absolute top-2 left-2 rounded bg-[var(--color-accent,#be123c)] px-1.5 py-0.5 text-xs font-semibold text-white">
              {off}
            </span>
          )}
          {pack && pack.stock === 0 && (
            <span className="absolute right-2 bottom-2 rounded bg-gray-900/90 px-1.5 py-0.5 text-xs text-white">{t('Out of stock')}</span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <p className="flex items-center gap-1 text-xs text-gray-500">
            <FoodMark type={product.food_type} size={12} />
            {product.brand_name}
          </p>
          <h3 className="line-clamp-2 min-h-10 text-sm font-medium">{nameUnderBrand(product.product_name, product.brand_name)}</h3>
          {pack && product.packs.length < 2 && (
            <p className="text-xs text-gray-500">
              {[pack.pack_name, unitPrice(pack.pack_name, pack.price, formatINR)].filter(Boolean).join(' · ')}
            </p>
          )}
          {pack && <Price pack={pack} />}
        </div>
      </Link>
      {pack && product.packs.length > 1 && (
        <div className="px-3 pb-2">
          <select
            aria-label={t('Pack size of {name}', { name: product.product_name })}
            value={pack.pack_id}
            onChange={(e) => setChosen(Number(e.target.value))}
            className="w-full rounded-md border bg-white px-2 py-1 text-xs text-gray-700"
          >
            {product.packs.map((p) => (
              <option key={p.pack_id} value={p.pack_id}>
                {p.pack_name} · {p.stock === 0 ? t('Out of stock') : packOption(p)}
              </option>
            ))}
          </select>
        </div>
      )}
      {pack && cartControl && <div className="px-3 pb-3">{cartControl(product, pack)}</div>}
      {wishlistControl && <div className="absolute top-2 right-2">{wishlistControl(product)}</div>}
    </article>
  );
}

/** '₹61 (₹122/kg)': a pack's price, and per kg, litre or piece when that says more. */
function packOption(p: { pack_name: string; price: number }) {
  const unit = unitPrice(p.pack_name, p.price, formatINR);
  return unit ? `${formatINR(p.price)} (${unit})` : formatINR(p.price);
}

/** Reserved-size placeholder while products load (no layout shift). */
export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-white" aria-hidden="true">
      <div className="aspect-[4/3] animate-pulse bg-gray-100" />
      <div className="space-y-2 p-3">
        <div className="h-3 w-1/3 animate-pulse rounded bg-gray-100" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-gray-100" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-gray-100" />
      </div>
    </div>
  );
}
