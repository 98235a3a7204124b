import { displayPack } from '@grocer/shared/packs';
import { formatINR } from '@grocer/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { img } from '@grocer/blocks/image';
import { paths } from '../../../lib/paths';
import { oftenBoughtQuery } from '../api/cart';
import { useCart } from '../cart-store';
import { CartControl } from './cart-control';

/**
 * "Often bought with …" in the cart (issue 39 §17): what this shop's shoppers had delivered beside
 * the cart's products lately, each with its add button. Loaded with the drawer's opening, never with
 * the page; nothing is shown when the shop's orders suggest nothing.
 */
export default function OftenBought({ onNavigate }: { onNavigate?: () => void }) {
  const { cart } = useCart();
  const productIds = [...new Set(cart.items.map((i) => i.product_id ?? 0))].sort((a, b) => a - b);
  const { data } = useQuery(oftenBoughtQuery(productIds));
  const products = (data?.data ?? []).flatMap((p) => {
    const pack = displayPack(p.packs);
    return pack && pack.stock !== 0 ? [{ product: p, pack }] : [];
  });
  if (!products.length) return null;
  const first = cart.items[0];
  return (
    <section aria-labelledby="often-bought" className="mx-4 mb-4" data-testid="often-bought">
      <h3 id="often-bought" className="mb-2 truncate text-sm font-semibold">
        Often bought with {first ? first.name : 'your items'}
        {cart.items.length > 1 ? ' and more' : ''}
      </h3>
      <ul className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-2">
        {products.map(({ product, pack }) => (
          <li key={product.product_id} className="flex w-36 shrink-0 snap-start flex-col rounded-lg border bg-white p-2 text-sm">
            <Link to={paths.product(product.slug)} onClick={onNavigate} className="block">
              <img
                src={img(product.image, 'small')}
                alt=""
                width={128}
                height={96}
                loading="lazy"
                className="aspect-[4/3] w-full rounded bg-gray-50 object-cover"
              />
              <span className="mt-1 line-clamp-2 min-h-10 leading-5">{product.product_name}</span>
            </Link>
            <span className="text-xs text-gray-600">{pack.pack_name}</span>
            <span className="mb-2 font-semibold tabular-nums">{formatINR(pack.price)}</span>
            <div className="mt-auto">
              <CartControl product={product} pack={pack} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
