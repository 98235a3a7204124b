import type { OrderTracking, TrackStep } from '@grocer/shared/delivery-trips';
import { formatDate, formatTime } from '@grocer/shared/format';
import type { Language } from '@grocer/shared/languages';
import { shopDayOf } from '@grocer/shared/shop-time';
import type { OrderStatus } from '@grocer/shared/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike, Check, Phone, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { language, msg, t } from '../../../lib/i18n';
import { slotText } from '../../../lib/slots';
import { orderQuery } from '../api/orders';
import { trackingQuery } from '../api/tracking';

const STEP_LABELS: Record<TrackStep, string> = {
  placed: msg('Placed'),
  confirmed: msg('Confirmed'),
  packed: msg('Packed'),
  shipped: msg('Out for delivery'),
  delivered: msg('Delivered'),
};

/**
 * The shopper's order tracker (issue 45 §5), on the order page: every step done and ahead, the
 * slot, and once the order is out on a trip the stops before theirs, the rider's first name, a
 * call button to the shop's delivery number (never the rider's own) and, when the rider shares the
 * phone's position, how far away. It asks the server again by itself (api/tracking.ts); when the
 * order moves on, the order page's own answer is refreshed too (status, delivery code, history).
 */
export function OrderTracker({ id, status }: { id: string; status: OrderStatus }) {
  const client = useQueryClient();
  const { data } = useQuery({ ...trackingQuery(id), enabled: status !== 'pending_payment' });
  const moved = data !== undefined && data.status !== status;
  useEffect(() => {
    if (moved) void client.invalidateQueries({ queryKey: orderQuery(id).queryKey, exact: true });
  }, [moved, client, id]);
  if (!data || data.status === 'pending_payment' || data.status === 'payment_failed') return null;
  return <TrackerView tracking={data} />;
}

/** When a step was reached: its time today (shop time), its date before. */
const when = (at: string, today: string, lang: Language) =>
  shopDayOf(Date.parse(at)) === today ? formatTime(at, lang) : formatDate(at, lang);

/** A distance as a shopper reads it: '800 m', '1.2 km', '12 km'. */
export function distanceText(m: number): string {
  if (m < 1000) return `${Math.max(50, Math.round(m / 50) * 50)} m`;
  const km = m / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

export function TrackerView({ tracking: tr }: { tracking: OrderTracking }) {
  const lang = language();
  const steps = tr.ended ? tr.steps.filter((s) => s.state !== 'skipped') : tr.steps;
  return (
    <section className="mb-4 rounded-xl border bg-white p-4 text-sm" aria-labelledby="tracker-h" data-testid="tracker">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="tracker-h" className="font-semibold">
          {t('Track your order')}
        </h2>
        {tr.slot && !tr.ended && tr.status !== 'delivered' && (
          <p className="text-gray-700" data-testid="tracker-slot">
            {t('Arriving {slot}', { slot: slotText(tr.slot, tr.today) })}
          </p>
        )}
      </div>

      <ol className="grid gap-1" style={{ gridTemplateColumns: `repeat(${steps.length + (tr.ended ? 1 : 0)}, minmax(0, 1fr))` }}>
        {steps.map((s, i) => {
          const reached = s.state === 'done' || s.state === 'current';
          return (
            <li
              key={s.step}
              className="relative flex flex-col items-center text-center"
              aria-current={s.state === 'current' ? 'step' : undefined}
            >
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-3 right-1/2 h-0.5 w-full ${reached ? 'bg-[var(--color-primary)]' : 'bg-gray-200'}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative z-10 flex h-6 w-6 items-center justify-center rounded-full border-2 ${
                  reached ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white' : 'border-gray-300 bg-white'
                } ${s.state === 'current' ? 'ring-4 ring-[color-mix(in_srgb,var(--color-primary)_25%,transparent)]' : ''}`}
              >
                {reached && <Check size={14} strokeWidth={3} />}
              </span>
              <span className={`mt-1 text-xs leading-tight ${s.state === 'current' ? 'font-semibold' : reached ? '' : 'text-gray-500'}`}>
                {t(STEP_LABELS[s.step])}
              </span>
              <span className="sr-only">
                {s.state === 'ahead' ? t('(still to come)') : s.state === 'current' ? t('(now)') : t('(done)')}
              </span>
              {s.at && <span className="text-[11px] text-gray-500 tabular-nums">{when(s.at, tr.today, lang)}</span>}
            </li>
          );
        })}
        {tr.ended && (
          <li className="flex flex-col items-center text-center" aria-current="step">
            <XCircle size={24} className="text-red-600" aria-hidden="true" />
            <span className="mt-1 text-xs leading-tight font-semibold text-red-700">
              {tr.ended.status === 'cancelled' ? t('Cancelled') : t('Payment failed')}
            </span>
            {tr.ended.at && <span className="text-[11px] text-gray-500 tabular-nums">{when(tr.ended.at, tr.today, lang)}</span>}
          </li>
        )}
      </ol>

      {tr.out && <OnTheWay out={tr.out} ordernumber={tr.ordernumber} />}
    </section>
  );
}

function OnTheWay({ out, ordernumber }: { out: NonNullable<OrderTracking['out']>; ordernumber: string }) {
  return (
    <div className="mt-4 rounded-lg bg-violet-50 p-3" data-testid="tracker-out">
      <div role="status" aria-live="polite" className="flex items-start gap-3">
        <Bike size={28} className="mt-0.5 shrink-0 text-violet-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-base font-semibold" data-testid="stops-before">
            {out.stops_before === 0
              ? t('You’re next')
              : t('{count, plural, one {# stop before yours} other {# stops before yours}}', { count: out.stops_before })}
          </p>
          {out.distance_m !== null && (
            <p className="text-gray-700" data-testid="rider-distance">
              {t('{distance} away', { distance: distanceText(out.distance_m) })}
              {out.position_at && (
                <span className="text-gray-500"> · {t('updated {time}', { time: formatTime(out.position_at, language()) })}</span>
              )}
            </p>
          )}
          {out.rider && <p className="text-gray-700">{t('{name} is bringing your order', { name: out.rider })}</p>}
        </div>
      </div>
      {out.call_url && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <a
            href={out.call_url}
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-[var(--color-primary)] px-4 font-semibold text-white hover:brightness-90"
            data-testid="call-rider"
          >
            <Phone size={16} aria-hidden="true" /> {t('Call about this delivery')}
          </a>
          <span className="text-xs text-gray-600">
            {t('The shop answers and reaches your rider. Quote order #{number}.', { number: ordernumber })}
          </span>
        </div>
      )}
    </div>
  );
}
