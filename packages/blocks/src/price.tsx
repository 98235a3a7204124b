import { formatINR } from '@grocer/shared/money';
import type { Pack } from '@grocer/shared/catalogue';

/** Price with the struck-through original (act_price) when a discount exists. */
export function Price({ pack, large = false }: { pack: Pack; large?: boolean }) {
  const discounted = pack.act_price > pack.price;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold ${large ? 'text-2xl' : 'text-base'}`}>{formatINR(pack.price)}</span>
      {discounted && (
        <s className="text-sm text-gray-500" aria-label={`Original price ${formatINR(pack.act_price)}`}>
          {formatINR(pack.act_price)}
        </s>
      )}
    </span>
  );
}

/** '10% off' or '₹20 off' from the pack's discount and type. */
export function discountLabel(pack: Pack): string | null {
  if (!(pack.act_price > pack.price)) return null;
  if (pack.discount_type === 'flat') return `${formatINR(pack.discount || pack.act_price - pack.price)} off`;
  const pct = pack.discount || Math.round(((pack.act_price - pack.price) / pack.act_price) * 100);
  return `${pct}% off`;
}
