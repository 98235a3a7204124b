import { formatDate } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { language, t } from '../../../lib/i18n';

/**
 * Sales by day as inline SVG bars (no chart library on the storefront: its JS budget). Scales to
 * its container; each bar has a title with the day, amount and orders for pointer and screen
 * readers, and the table beside it (visually hidden) carries the same numbers.
 */
const orders = (count: number) => t('{count, plural, one {# order} other {# orders}}', { count });

export function SalesChart({ days }: { days: Array<{ date: string; sales: number; orders: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.sales));
  const w = 100 / Math.max(days.length, 1);
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <figure className="rounded-xl border bg-white p-4">
      <figcaption className="mb-2 flex items-baseline justify-between text-sm">
        <span className="font-semibold">{t('Sales by day')}</span>
        <span className="text-gray-500">{t('best day {amount}', { amount: formatINR(Math.max(0, ...days.map((d) => d.sales))) })}</span>
      </figcaption>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label={t('Sales by day')}>
        <line x1="0" y1="40" x2="100" y2="40" stroke="#e5e7eb" strokeWidth="0.4" vectorEffect="non-scaling-stroke" />
        {days.map((d, i) => {
          const h = (d.sales / max) * 38;
          return (
            <rect key={d.date} x={i * w + w * 0.15} y={40 - h} width={w * 0.7} height={h} fill="var(--color-primary, #16a34a)" rx="0.3">
              <title>{`${formatDate(d.date, language())}: ${formatINR(d.sales)}, ${orders(d.orders)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="relative mt-1 h-4 text-[10px] text-gray-500" aria-hidden="true">
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <span key={d.date} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${(i + 0.5) * w}%` }}>
              {d.date.slice(8)}/{d.date.slice(5, 7)}
            </span>
          ) : null,
        )}
      </div>
      <table className="sr-only">
        <caption>{t('Sales by day')}</caption>
        <tbody>
          {days
            .filter((d) => d.orders > 0)
            .map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDate(d.date, language())}</th>
                <td>{formatINR(d.sales)}</td>
                <td>{orders(d.orders)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
