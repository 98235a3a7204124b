import { formatINR } from '@grocer/shared/money';
import type { Pack } from '@grocer/shared/catalogue';
import { perKgLabel, weightLabel } from '@grocer/shared/weighed';
import { t } from './words';

/** Price with the struck-through original (act_price) when a discount exists. */
export function Price({ pack, large = false }: { pack: Pack; large?: boolean }) {
  const discounted = pack.act_price > pack.price;
  // a loose good (issue 40.5): "₹40/kg", bought in steps ("500 g")
  const amount = (rupees: number) => (pack.sold_by_weight ? perKgLabel(rupees) : formatINR(rupees));
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold ${large ? 'text-2xl' : 'text-base'}`}>{amount(pack.price)}</span>
      {discounted && (
        <s className="text-sm text-gray-500" aria-label={t('Original price {price}', { price: amount(pack.act_price) })}>
          {amount(pack.act_price)}
        </s>
      )}
      {pack.sold_by_weight && pack.step_grams && (
        <span className="text-xs whitespace-nowrap text-gray-600" data-testid="weight-step">
          {t('In steps of {weight}', { weight: weightLabel(pack.step_grams) })}
        </span>
      )}
    </span>
  );
}

/** '10% off' or '₹20 off' from the pack's discount and type. */
export function discountLabel(pack: Pack): string | null {
  if (!(pack.act_price > pack.price)) return null;
  if (pack.discount_type === 'flat') return t('{amount} off', { amount: formatINR(pack.discount || pack.act_price - pack.price) });
  const pct = pack.discount || Math.round(((pack.act_price - pack.price) / pack.act_price) * 100);
  return t('{pct}% off', { pct });
}
