import { useState } from 'react';
import { Spinner } from '../../../components/ui/loading';
import { dayActions, dayWhat, shortDay, type CalendarDay } from '../words';
import { QuantityStepper } from './quantity-stepper';
import { t } from '../../../lib/i18n';

/**
 * The next 30 days (issue 44 §4) as a list of days, each with its quantity and price and its own
 * buttons, named in full ("Saturday 5 December, 1 × 500 ml, ₹28 — skip"): Skip, Deliver (a
 * skipped day again), Change (the quantity, then Save). A day past its cut-off keeps its buttons
 * disabled and says why.
 */
export function SubscriptionCalendar({
  days,
  packName,
  usual,
  cutoff,
  onSet,
}: {
  days: CalendarDay[];
  packName: string;
  /** the subscription's usual quantity (a skipped day delivered again gets it) */
  usual: number;
  cutoff: string;
  /** sets a date's quantity (0 skips); rejects with the server's refusal */
  onSet: (date: string, quantity: number) => Promise<unknown>;
}) {
  if (!days.length) return <p className="text-sm text-gray-600">{t('No deliveries in the next 30 days.')}</p>;
  return (
    <ol aria-label={t('Deliveries in the next 30 days')} className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
      {days.map((d) => (
        <CalendarDayItem key={d.date} day={d} packName={packName} usual={usual} cutoff={cutoff} onSet={onSet} />
      ))}
    </ol>
  );
}

export function CalendarDayItem({
  day,
  packName,
  usual,
  cutoff,
  onSet,
}: {
  day: CalendarDay;
  packName: string;
  usual: number;
  cutoff: string;
  onSet: (date: string, quantity: number) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(day.quantity || usual);
  const { actions, disabled } = dayActions(day, packName, usual, cutoff);
  const hintId = `day-${day.date}-closed`;
  const set = async (q: number) => {
    setBusy(true);
    try {
      await onSet(day.date, q);
      setEditing(false);
    } finally {
      setBusy(false);
    }
  };
  const tone =
    day.note === 'paused'
      ? 'bg-gray-50 text-gray-500'
      : day.quantity === 0
        ? 'bg-amber-50'
        : day.note === 'changed'
          ? 'bg-blue-50'
          : 'bg-white';
  return (
    <li className={`rounded-lg border p-3 ${tone}`} data-testid={`day-${day.date}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{shortDay(day.date)}</p>
          <p className="text-sm">
            {dayWhat(day, packName)}
            {day.note === 'changed' && <span className="ml-1 text-xs text-blue-800">{t('(changed)')}</span>}
          </p>
          {day.quantity > 0 &&
            (day.extras ?? []).map((e) => (
              <p key={e.pack_id} className="text-xs text-gray-700">
                + {e.quantity} × {e.product_name} {e.pack_name}
              </p>
            ))}
        </div>
        <div className="flex shrink-0 gap-1.5">
          {busy && <Spinner size={16} />}
          {!editing &&
            actions.map((a) => (
              <button
                key={a.kind}
                type="button"
                aria-label={a.name}
                aria-describedby={disabled ? hintId : undefined}
                disabled={!!disabled || busy}
                onClick={() => {
                  if (a.kind !== 'change') return void set(a.quantity!).catch(() => undefined);
                  setQuantity(day.quantity || usual);
                  setEditing(true);
                }}
                className="min-h-11 rounded-lg border bg-white px-3 text-sm font-medium hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {a.label}
              </button>
            ))}
        </div>
      </div>
      {disabled && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {disabled}
        </p>
      )}
      {editing && (
        <div
          className="mt-2 flex flex-wrap items-center gap-2"
          role="group"
          aria-label={t('Quantity for {day}', { day: shortDay(day.date) })}
        >
          <QuantityStepper value={quantity} onChange={setQuantity} compact />
          <button
            type="button"
            disabled={busy}
            onClick={() => void set(quantity).catch(() => undefined)}
            className="min-h-11 rounded-lg bg-[var(--color-primary)] px-3 text-sm font-semibold text-white disabled:opacity-50"
          >
            {t('Save')}
          </button>
          <button type="button" onClick={() => setEditing(false)} className="min-h-11 rounded-lg border bg-white px-3 text-sm">
            {t('Cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
