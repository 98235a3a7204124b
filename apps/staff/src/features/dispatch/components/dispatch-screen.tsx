import type { DispatchSlot, DispatchTrip } from '@grocer/shared/delivery-trips';
import { FAIL_REASON_LABELS } from '@grocer/shared/delivery-trips';
import { formatINR, toRupees } from '@grocer/shared/money';
import { shopDayOf } from '@grocer/shared/shop-time';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { tripSheetUrl, useAssignRider, useBuildTrips, useDispatch, useDispatchSlots, useMoveOrder, useStartTrip } from '../api/dispatch';
import { t } from '../../../lib/i18n';

const STATUS_WORDS: Record<DispatchTrip['status'], string> = { planned: 'Planned', out: 'Out for delivery', done: 'Done' };
const STATUS_TONE: Record<DispatchTrip['status'], string> = {
  planned: 'bg-amber-100 text-amber-900',
  out: 'bg-blue-100 text-blue-900',
  done: 'bg-green-100 text-green-900',
};
const button = 'rounded-md px-3 py-2 text-sm font-medium disabled:opacity-50';
const input = 'rounded-md border px-2 py-1.5 text-sm';

/**
 * Administration → Delivery → Dispatch (issue 45): a day's slot, its packed orders grouped into
 * trips (Build trips), a rider for each, orders moved between trips, Start trip (the orders go out
 * for delivery and each shopper gets a delivery code) and the printable trip sheet.
 */
export function DispatchScreen() {
  const [date, setDate] = useState(() => shopDayOf());
  const [chosen, setChosen] = useState<number | null>(null);
  const slots = useDispatchSlots(date);
  const slotId = chosen ?? slots.data?.data.find((s) => s.packed > 0 || s.trips > 0)?.id ?? slots.data?.data[0]?.id ?? null;
  const view = useDispatch(slotId, date);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('Date')}
          <input type="date" className={input} value={date} onChange={(e) => (setDate(e.target.value), setChosen(null))} />
        </label>
        <label className="flex min-w-64 flex-col gap-1 text-sm font-medium">
          {t('Slot')}
          <select
            className={input}
            value={slotId ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            disabled={!slots.data?.data.length}
          >
            {slots.data?.data.map((s) => (
              <option key={s.id} value={s.id}>
                {t('{zone} {startTime}–{endTime} · {packed} packed · {trips} {trips, plural, one {trip} other {trips}}', {
                  zone: s.zone,
                  startTime: s.start_time,
                  endTime: s.end_time,
                  packed: s.packed,
                  trips: s.trips,
                })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {slots.error && (
        <p role="alert" className="text-red-700">
          {errorMessage(slots.error)}
        </p>
      )}
      {slots.data && slots.data.data.length === 0 && (
        <p className="text-gray-600">{t('No delivery slots yet: add them under Delivery.')}</p>
      )}
      {view.isPending && slotId !== null && <LoadingView />}
      {view.error && (
        <p role="alert" className="text-red-700">
          {errorMessage(view.error)}
        </p>
      )}
      {view.data && <SlotTrips slot={view.data} />}
    </div>
  );
}

function SlotTrips({ slot }: { slot: DispatchSlot }) {
  const build = useBuildTrips();
  const [maxStops, setMaxStops] = useState(12);
  const planned = slot.trips.filter((tripItem) => tripItem.status === 'planned');
  return (
    <>
      <Card title={`${slot.slot.zone} · ${slot.slot.date} · ${slot.slot.start_time}–${slot.slot.end_time}`}>
        <div className="flex flex-wrap items-end gap-4">
          <p className="text-sm text-gray-700">
            {slot.unassigned.length === 0
              ? t('Every packed order of this slot is in a trip.')
              : t('{unassigned} packed {unassigned, plural, one {order is} other {orders are}} in no trip yet.', {
                  unassigned: slot.unassigned.length,
                })}
          </p>
          <label className="flex items-center gap-2 text-sm">
            {t('Stops per trip')}
            <input
              type="number"
              min={1}
              max={50}
              className={`${input} w-20`}
              value={maxStops}
              onChange={(e) => setMaxStops(Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
            />
          </label>
          <button
            type="button"
            className={`${button} bg-gray-900 text-white hover:bg-gray-700`}
            disabled={build.isPending}
            onClick={() => build.mutate({ slot_id: slot.slot.id, date: slot.slot.date, max_stops: maxStops })}
          >
            {planned.length ? t('Build trips again') : t('Build trips')}
          </button>
        </div>
        {planned.length > 0 && (
          <p className="mt-2 text-xs text-gray-500">
            {t('Building again replaces the planned trips (and their riders); trips already out stay.')}
          </p>
        )}
        {build.error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(build.error)}
          </p>
        )}
      </Card>
      {slot.trips.length === 0 && <p className="text-gray-600">{t('No trips for this slot yet.')}</p>}
      {slot.trips.map((item) => (
        <TripCard key={item.id} trip={item} slot={slot} />
      ))}
    </>
  );
}

function TripCard({ trip, slot }: { trip: DispatchTrip; slot: DispatchSlot }) {
  const assign = useAssignRider();
  const move = useMoveOrder();
  const start = useStartTrip();
  const [confirming, setConfirming] = useState(false);
  const planned = trip.status === 'planned';
  const others = slot.trips.filter((entry) => entry.id !== trip.id && entry.status === 'planned');
  const cod = trip.stops.filter((s) => s.payment_method === 'cod').reduce((n, s) => n + s.total, 0);
  const failed = assign.error ?? move.error;
  return (
    <section aria-label={trip.label} className="rounded-lg border bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-base font-semibold">{trip.label}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[trip.status]}`}>{STATUS_WORDS[trip.status]}</span>
        <span className="text-sm text-gray-600">
          {t('{stops} {stops, plural, one {stop} other {stops}} · cash to collect {cod}', {
            stops: trip.stops.length,
            cod: formatINR(toRupees(cod)),
          })}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            {t('Rider')}
            <select
              className={input}
              value={trip.rider?.id ?? ''}
              disabled={!planned || assign.isPending}
              onChange={(e) => assign.mutate({ tripId: trip.id, riderId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('Not assigned')}</option>
              {slot.riders.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <a href={tripSheetUrl(trip.id)} target="_blank" rel="noreferrer" className={`${button} border hover:bg-gray-50`}>
            {t('Print sheet')}
          </a>
          {planned && (
            <ConfirmDialog
              open={confirming}
              onOpenChange={(o) => (setConfirming(o), o || start.reset())}
              trigger={
                <button type="button" className={`${button} bg-brand text-white hover:opacity-90`} disabled={trip.stops.length === 0}>
                  {t('Start trip')}
                </button>
              }
              title={t('Start {label}?', { label: trip.label })}
              description={t(
                '{stops} {stops, plural, one {order goes} other {orders go}} out for delivery with {value}. Each customer gets their delivery code.',
                { stops: trip.stops.length, value: trip.rider?.name ?? t('no rider yet') },
              )}
              confirm={t('Start trip')}
              tone="primary"
              busy={start.isPending}
              onConfirm={() => start.mutate({ tripId: trip.id }, { onSuccess: () => setConfirming(false) })}
            >
              {start.error && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(start.error)}
                </p>
              )}
            </ConfirmDialog>
          )}
        </div>
      </div>
      {failed && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {errorMessage(failed)}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t('Stops of {label} in route order', { label: trip.label })}</caption>
          <thead className="border-b text-xs uppercase text-gray-500">
            <tr>
              <th scope="col" className="py-2 pr-2">
                #
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('Order')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('Customer')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('Area')}
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                {t('Collect')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {planned ? t('Move to') : t('Outcome')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trip.stops.map((s) => (
              <tr key={s.id} className="border-b last:border-0">
                <td className="py-2 pr-2 tabular-nums">{s.sequence}</td>
                <td className="py-2 pr-2 font-medium">
                  {s.ordernumber}
                  {s.attempt > 1 && <span className="ml-1 text-xs text-gray-500">{t('attempt {attempt}', { attempt: s.attempt })}</span>}
                </td>
                <td className="py-2 pr-2">{s.name}</td>
                <td className="py-2 pr-2">
                  {s.area} · {s.pincode}
                </td>
                <td className="py-2 pr-2 text-right tabular-nums">
                  {s.payment_method === 'cod' ? formatINR(toRupees(s.total)) : t('Paid')}
                </td>
                <td className="py-2 pr-2">
                  {planned ? (
                    <select
                      aria-label={t('Move {ordernumber} to another trip', { ordernumber: s.ordernumber })}
                      className={input}
                      value=""
                      disabled={others.length === 0 || move.isPending}
                      onChange={(e) => e.target.value && move.mutate({ orderId: s.order_id, toTripId: Number(e.target.value) })}
                    >
                      <option value="">{others.length ? t('Keep here') : t('No other planned trip')}</option>
                      {others.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  ) : s.outcome === 'failed' && s.fail_reason ? (
                    t('Not delivered: {FAIL_REASON_LABELS}', { FAIL_REASON_LABELS: FAIL_REASON_LABELS[s.fail_reason] })
                  ) : s.outcome === 'delivered' ? (
                    t('Delivered')
                  ) : (
                    t('On the way')
                  )}
                </td>
              </tr>
            ))}
            {trip.stops.length === 0 && (
              <tr>
                <td colSpan={6} className="py-3 text-gray-500">
                  {t('No orders in this trip: move some here, or build again.')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
