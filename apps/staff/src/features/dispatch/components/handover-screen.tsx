import { DENOMINATIONS, denominationsTotal, type PendingHandover } from '@grocer/shared/delivery-trips';
import { formatINR, toRupees } from '@grocer/shared/money';
import { shopDateTime } from '@grocer/shared/shop-time';
import { useState } from 'react';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { useHandovers, useTakeHandover, type HandoverBase } from '../api/handovers';
import { t } from '../../../lib/i18n';

const money = (paise: number) => formatINR(toRupees(paise));
const input = 'rounded-md border px-2 py-1.5 text-sm';
const button = 'rounded-md px-3 py-2 text-sm font-medium disabled:opacity-50';

/** Rupees typed ('1,250.50') → paise; null when not an amount. */
const paiseOf = (text: string): number | null => {
  const s = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
};

const differenceWords = (d: number) => (d === 0 ? 'Matches' : d < 0 ? `${money(-d)} short` : `${money(d)} over`);

/**
 * Riders' cash handed over (issue 45 item 4), at the till (`base` `/pos/handovers`) and in
 * Administration (`/admin/dispatch/handovers`): the done trips whose cash waits, each with its
 * orders' cash and UPI; the cashier counts it (notes and coins optional, the total required), the
 * difference is shown live and needs a reason; a trip is counted once. The handovers counted lately
 * below. `canCount` false: read only (an accountant).
 */
export function HandoverScreen({ base, canCount }: { base: HandoverBase; canCount: boolean }) {
  const list = useHandovers(base);
  const [open, setOpen] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  if (list.isPending) return <LoadingView />;
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const { pending, done } = list.data;
  return (
    <div className="space-y-6">
      {said && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {said}
        </p>
      )}
      <Card title={t('Cash waiting to be counted ({pending})', { pending: pending.length })}>
        {pending.length === 0 ? (
          <p className="text-sm text-gray-600">{t('No rider has cash to hand over. A trip shows here once every stop is settled.')}</p>
        ) : (
          <ul className="divide-y">
            {pending.map((p) => (
              <li key={p.trip_id} className="py-3">
                <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
                  <div className="min-w-56 flex-1">
                    <p className="font-medium">
                      {p.rider?.name ?? t('No rider')} · {p.label}
                    </p>
                    <p className="text-sm text-gray-600">
                      {t('{date} · {orders} cash-on-delivery {orders, plural, one {order} other {orders}}', {
                        date: p.date,
                        orders: p.orders.length,
                      })}
                      {p.upi > 0 ? t(" · UPI {upi} to the shop's QR (not in the cash)", { upi: money(p.upi) }) : ''}
                    </p>
                  </div>
                  <p className="text-lg font-semibold" aria-label={t('Cash to hand over {expected}', { expected: money(p.expected) })}>
                    {money(p.expected)}
                  </p>
                  {canCount && (
                    <button
                      type="button"
                      className={`${button} ${open === p.trip_id ? 'border' : 'bg-gray-900 text-white hover:bg-gray-700'}`}
                      aria-expanded={open === p.trip_id}
                      onClick={() => (setOpen(open === p.trip_id ? null : p.trip_id), setSaid(''))}
                    >
                      {open === p.trip_id ? t('Close') : t('Count cash')}
                    </button>
                  )}
                </div>
                {open === p.trip_id && (
                  <CountForm
                    base={base}
                    trip={p}
                    onDone={(text) => {
                      setOpen(null);
                      setSaid(text);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('Counted lately')}>
        {done.length === 0 ? (
          <p className="text-sm text-gray-600">{t('No handovers yet.')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-gray-600">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('When')}</th>
                  <th className="py-1 pr-3 font-medium">{t('Rider')}</th>
                  <th className="py-1 pr-3 font-medium">{t('Trip')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Expected')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Counted')}</th>
                  <th className="py-1 pr-3 font-medium">{t('Difference')}</th>
                  <th className="py-1 pr-3 font-medium">{t('Counted by')}</th>
                </tr>
              </thead>
              <tbody>
                {done.map((h) => (
                  <tr key={h.id} className="border-t align-top">
                    <td className="py-1.5 pr-3 whitespace-nowrap">{shopDateTime(h.at)}</td>
                    <td className="py-1.5 pr-3">{h.rider?.name ?? '—'}</td>
                    <td className="py-1.5 pr-3">{h.label}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{money(h.expected)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{money(h.counted)}</td>
                    <td className={`py-1.5 pr-3 ${h.difference < 0 ? 'text-red-700' : h.difference > 0 ? 'text-amber-800' : ''}`}>
                      {differenceWords(h.difference)}
                      {h.reason ? <span className="block text-xs text-gray-600">{h.reason}</span> : null}
                    </td>
                    <td className="py-1.5 pr-3">
                      {h.received_by || '—'}{' '}
                      <span className="text-xs text-gray-500">({h.via === 'pos' ? t('till') : t('Administration')})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function CountForm({ base, trip, onDone }: { base: HandoverBase; trip: PendingHandover; onDone: (said: string) => void }) {
  const take = useTakeHandover(base);
  const [total, setTotal] = useState('');
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [byNotes, setByNotes] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const counts = Object.fromEntries(
    Object.entries(notes)
      .map(([face, n]) => [face, Number(n)] as const)
      .filter(([, n]) => Number.isInteger(n) && n > 0),
  );
  const counted = byNotes ? denominationsTotal(counts) : paiseOf(total);
  const difference = counted === null ? null : counted - trip.expected;
  const id = `count-${trip.trip_id}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (counted === null) return setError('Enter the cash counted, like 1250 or 1250.50.');
    if (difference !== 0 && !reason.trim()) return setError(`${differenceWords(difference!)}: say why under Reason.`);
    take.mutate(
      {
        tripId: trip.trip_id,
        body: { counted, ...(byNotes ? { denominations: counts } : {}), ...(difference !== 0 ? { reason: reason.trim() } : {}) },
      },
      {
        onSuccess: (h) =>
          onDone(
            `${trip.rider?.name ?? 'The rider'}'s cash counted: ${money(h.counted)} (${differenceWords(h.difference).toLowerCase()}).`,
          ),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 rounded-md border bg-gray-50 p-4"
      aria-label={t('Count the cash of {label}', { label: trip.label })}
    >
      <details className="text-sm">
        <summary className="cursor-pointer text-gray-700">{t('The orders ({orders})', { orders: trip.orders.length })}</summary>
        <ul className="mt-1 space-y-0.5">
          {trip.orders.map((o) => (
            <li key={o.order_id} className="tabular-nums">
              {t('{ordernumber}: cash {cash}', { ordernumber: o.ordernumber, cash: money(o.cash) })}
              {o.upi > 0 ? t(', UPI {upi}', { upi: money(o.upi) }) : ''}
            </li>
          ))}
        </ul>
      </details>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={byNotes} onChange={(e) => setByNotes(e.target.checked)} />
        {t('Count by notes and coins')}
      </label>
      {byNotes ? (
        <fieldset className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          <legend className="mb-1 text-sm font-medium">{t('Notes and coins')}</legend>
          {DENOMINATIONS.map((face) => (
            <label key={face} className="flex items-center gap-1 text-sm">
              <span className="w-12 text-right">₹{face} ×</span>
              <input
                className={`${input} w-16`}
                inputMode="numeric"
                aria-label={t('Number of ₹{face}', { face })}
                value={notes[face] ?? ''}
                onChange={(e) => setNotes({ ...notes, [face]: e.target.value.replace(/\D/g, '') })}
              />
            </label>
          ))}
        </fieldset>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${id}-total`}>
          {t('Cash counted (₹)')}
          <input
            id={`${id}-total`}
            className={`${input} w-40`}
            inputMode="decimal"
            autoFocus
            value={total}
            onChange={(e) => setTotal(e.target.value)}
          />
        </label>
      )}
      <p className="text-sm" aria-live="polite">
        {t('Expected {expected}', { expected: money(trip.expected) })}
        {counted !== null && (
          <>
            {' '}
            {t('· counted {counted} ·', { counted: money(counted) })}{' '}
            <b className={difference! < 0 ? 'text-red-700' : difference! > 0 ? 'text-amber-800' : 'text-green-800'}>
              {differenceWords(difference!)}
            </b>
          </>
        )}
      </p>
      {difference !== null && difference !== 0 && (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('Reason')}
          <textarea className={input} rows={2} maxLength={300} value={reason} onChange={(e) => (setReason(e.target.value), setError(''))} />
        </label>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={`${button} bg-brand text-white`} disabled={take.isPending}>
        {take.isPending ? t('Saving…') : t('Record handover')}
      </button>
    </form>
  );
}
