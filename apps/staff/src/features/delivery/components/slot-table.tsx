import { slotWindow } from '@grocer/shared/delivery-promise';
import {
  adminSlotInputSchema,
  EVERY_DAY,
  WEEKDAYS,
  weekdaysLabel,
  type AdminSlot,
  type AdminSlotInput,
} from '@grocer/shared/admin-delivery';
import { formatDate } from '@grocer/shared/format';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useSlotBookings } from '../api/get-delivery';
import { useSaveSlot } from '../api/save-slot';
import { t } from '../../../lib/i18n';

const small = inputClass.replace('mt-1 ', '');
const cutoffLabel = (m: number) => (m === 0 ? 'Until it starts' : m % 60 === 0 ? `${m / 60} h before` : `${m} min before`);

/** Weekday toggles for a template's `weekdays` bit mask (bit 0 Sunday). */
function WeekdayPicker({ value, onChange }: { value: number; onChange: (mask: number) => void }) {
  return (
    <div role="group" aria-label={t('Days')} className="flex flex-wrap gap-1">
      {WEEKDAYS.map((d, i) => {
        const on = (value & (1 << i)) !== 0;
        return (
          <button
            key={d}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(value ^ (1 << i))}
            className={`rounded border px-1.5 py-0.5 text-xs ${on ? 'border-gray-900 bg-gray-900 text-white' : 'text-gray-600 hover:bg-gray-50'}`}
          >
            {d}
          </button>
        );
      })}
    </div>
  );
}

/** One template being added or edited: window, days, cut-off and capacity, checked before sending. */
function SlotEditor({ zoneId, slot, onDone }: { zoneId: number; slot: AdminSlot | null; onDone: () => void }) {
  const [form, setForm] = useState<AdminSlotInput>(
    slot
      ? {
          startTime: slot.startTime,
          endTime: slot.endTime,
          capacity: slot.capacity,
          weekdays: slot.weekdays,
          cutoffMinutes: slot.cutoffMinutes,
        }
      : { startTime: '09:00', endTime: '12:00', capacity: 20, weekdays: EVERY_DAY, cutoffMinutes: 60 },
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSlot(slot ? { slotId: slot.id } : { zoneId });
  const submit = () => {
    const checked = adminSlotInputSchema.safeParse(form);
    if (!checked.success) return setError(checked.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
    save.mutate(checked.data, {
      onSuccess: () => {
        toast.success(slot ? t('Slot saved') : t('Slot added'));
        onDone();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <tr className="bg-amber-50/50">
      <td className="px-3 py-2">
        <div className="flex items-center gap-1">
          <input
            aria-label={t('Starts')}
            type="time"
            value={form.startTime}
            onChange={(e) => setForm({ ...form, startTime: e.target.value })}
            className={small}
          />
          –
          <input
            aria-label={t('Ends')}
            type="time"
            value={form.endTime}
            onChange={(e) => setForm({ ...form, endTime: e.target.value })}
            className={small}
          />
        </div>
      </td>
      <td className="px-3 py-2">
        <WeekdayPicker value={form.weekdays} onChange={(weekdays) => setForm({ ...form, weekdays })} />
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={t('Orders close')}
          value={form.cutoffMinutes}
          onChange={(e) => setForm({ ...form, cutoffMinutes: Number(e.target.value) })}
          className={small}
        >
          {[0, 30, 60, 120, 180, 240, 360, 720, 1440].map((m) => (
            <option key={m} value={m}>
              {cutoffLabel(m)}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">
        <input
          aria-label={t('Orders per day')}
          type="number"
          min="1"
          step="1"
          value={form.capacity}
          onChange={(e) => setForm({ ...form, capacity: Number(e.target.value) })}
          className={`${small} w-24`}
        />
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        <button
          type="button"
          onClick={submit}
          disabled={save.isPending}
          className="rounded-md bg-gray-900 px-3 py-1 text-xs font-medium text-white"
        >
          {slot ? t('Save') : t('Add slot')}
        </button>
        <button type="button" onClick={onDone} className="ml-2 text-xs text-gray-600 hover:underline">
          {t('Cancel')}
        </button>
        {error && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

/** A slot's places taken per date over the next two weeks; a full date is marked. */
function Bookings({ slot }: { slot: AdminSlot }) {
  const bookings = useSlotBookings(slot.id, true);
  if (bookings.error) return <p className="text-sm text-red-700">{errorMessage(bookings.error)}</p>;
  if (!bookings.data) return <p className="text-sm text-gray-500">{t('Loading bookings…')}</p>;
  return (
    <ul
      aria-label={t('Bookings {startTime}', { startTime: slotWindow(slot.startTime, slot.endTime) })}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7"
    >
      {bookings.data.data.map((b) => {
        const full = b.used >= b.capacity;
        return (
          <li key={b.date} className={`rounded border px-2 py-1 text-xs ${full ? 'border-red-300 bg-red-50' : 'bg-white'}`}>
            <span className="block font-medium">{formatDate(b.date)}</span>
            <span className="tabular-nums">{t('{used} / {capacity} booked', { used: b.used, capacity: b.capacity })}</span>
            {full && <span className="ml-1 font-medium text-red-700">{t('Full')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A zone's slot templates: each window runs on its weekdays with a number of orders per day and
 * closes to orders at its cut-off; the storefront offers them over the coming week. A full slot
 * is opened again by raising its capacity (it counts for dates already booked).
 */
export function SlotTable({ zoneId, slots }: { zoneId: number; slots: AdminSlot[] }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div tabIndex={0} role="region" aria-label={t('Delivery slots')} className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
          <tr>
            <th className="px-3 py-2 font-medium">{t('Window')}</th>
            <th className="px-3 py-2 font-medium">{t('Days')}</th>
            <th className="px-3 py-2 font-medium">{t('Orders close')}</th>
            <th className="px-3 py-2 font-medium">{t('Orders per day')}</th>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">{t('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {slots.map((s) =>
            editing === s.id ? (
              <SlotEditor key={s.id} zoneId={zoneId} slot={s} onDone={() => setEditing(null)} />
            ) : (
              <Fragment key={s.id}>
                <tr className="border-t">
                  <td className="px-3 py-2 font-medium tabular-nums">{slotWindow(s.startTime, s.endTime)}</td>
                  <td className="px-3 py-2">{weekdaysLabel(s.weekdays)}</td>
                  <td className="px-3 py-2">{cutoffLabel(s.cutoffMinutes)}</td>
                  <td className="px-3 py-2 tabular-nums">{s.capacity}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <button
                      type="button"
                      aria-expanded={open === s.id}
                      onClick={() => setOpen(open === s.id ? null : s.id)}
                      className="text-xs font-medium text-brand hover:underline"
                    >
                      {t('Bookings')}
                    </button>
                    <button type="button" onClick={() => setEditing(s.id)} className="ml-3 text-xs font-medium text-brand hover:underline">
                      {t('Edit')}
                    </button>
                  </td>
                </tr>
                {open === s.id && (
                  <tr>
                    <td colSpan={5} className="bg-gray-50 px-3 py-3">
                      <Bookings slot={s} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ),
          )}
          {editing === 'new' && <SlotEditor zoneId={zoneId} slot={null} onDone={() => setEditing(null)} />}
        </tbody>
      </table>
      {editing !== 'new' && (
        <div className="border-t px-3 py-2">
          <button type="button" onClick={() => setEditing('new')} className="text-sm font-medium text-brand hover:underline">
            {t('+ Add a slot')}
          </button>
        </div>
      )}
    </div>
  );
}
