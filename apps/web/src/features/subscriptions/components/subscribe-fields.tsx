import type { Address } from '@grocer/shared/account';
import type { SlotOption } from '@grocer/shared/delivery';
import type { ScheduleKind } from '@grocer/shared/subscriptions';
import { slotWindow } from '@grocer/shared/delivery-promise';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/loading';
import { msg, t } from '../../../lib/i18n';
import { slotsQuery } from '../api';
import { scheduleFrom, WEEKDAYS, WEEKDAYS_SHORT } from '../words';

/**
 * The parts of a new subscription's form that the shopper's Subscribe sheet (subscribe-form.tsx)
 * and a sales agent's "Subscribe {customer}" (agent-subscribe.tsx) share: the schedule, the
 * delivery address and the morning slot of the address's pincode.
 */

const KINDS: Array<{ kind: ScheduleKind; label: string }> = [
  { kind: 'daily', label: msg('Daily') },
  { kind: 'alternate', label: msg('Alternate days') },
  { kind: 'weekdays', label: msg('Chosen weekdays') },
  { kind: 'every_n', label: 'Every N days' },
];

/** The schedule's choices (daily at first) and the schedule they make, or why not. */
export function useScheduleChoice() {
  const [kind, setKind] = useState<ScheduleKind>('daily');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [everyDays, setEveryDays] = useState('3');
  return { kind, weekdays, everyDays, setKind, setWeekdays, setEveryDays, schedule: scheduleFrom(kind, weekdays, everyDays) };
}
export type ScheduleChoice = ReturnType<typeof useScheduleChoice>;

const chip = (on: boolean) =>
  `min-h-11 rounded-full border px-3 text-sm ${on ? 'border-[var(--color-primary)] bg-[var(--color-primary)] font-semibold text-white' : 'bg-white hover:bg-gray-50'}`;
const picked = (on: boolean) => (on ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : '');

/** A field's refusal, under it. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

/** How often: daily, alternate days, chosen weekdays or every N days. */
export function ScheduleFields({ choice, name = 'schedule', error }: { choice: ScheduleChoice; name?: string; error?: string | null }) {
  const { kind, weekdays, everyDays, setKind, setWeekdays, setEveryDays } = choice;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t('How often')}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2" role="radiogroup" aria-label={t('How often')}>
        {KINDS.map((k) => (
          <label
            key={k.kind}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${picked(kind === k.kind)}`}
          >
            <input type="radio" name={name} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
            {t(k.label)}
          </label>
        ))}
      </div>
      {kind === 'weekdays' && (
        <div className="mt-3 flex flex-wrap gap-1.5" role="group" aria-label={t('Weekdays')}>
          {WEEKDAYS_SHORT.map((d, i) => (
            <button
              key={d}
              type="button"
              aria-pressed={weekdays.includes(i)}
              aria-label={t(WEEKDAYS[i]!)}
              onClick={() => setWeekdays((w) => (w.includes(i) ? w.filter((x) => x !== i) : [...w, i]))}
              className={chip(weekdays.includes(i))}
            >
              {t(d)}
            </button>
          ))}
        </div>
      )}
      {kind === 'every_n' && (
        <label className="mt-3 flex items-center gap-2 text-sm">
          {t('Every')}
          <input
            inputMode="numeric"
            value={everyDays}
            onInput={(e) => setEveryDays((e.target as HTMLInputElement).value)}
            aria-label={t('Every how many days')}
            className="h-11 w-16 rounded-lg border border-gray-300 px-2 text-center"
          />
          {t('days')}
        </label>
      )}
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** The addresses to deliver to, one chosen; the not-delivered-to ones say so. */
export function AddressChoices({
  list,
  value,
  onChange,
  name = 'sub-address',
}: {
  list: readonly Address[];
  value: number | undefined;
  onChange: (id: number) => void;
  name?: string;
}) {
  return (
    <div className="mt-2 space-y-2" role="radiogroup" aria-label={t('Delivery address')}>
      {list.map((a) => (
        <label key={a.id} className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm ${picked(value === a.id)}`}>
          <input type="radio" name={name} checked={value === a.id} onChange={() => onChange(a.id)} className="mt-1" />
          <span>
            <span className="block font-medium">{a.name}</span>
            <span className="block text-gray-600">
              {a.line1}, {a.line2}, {a.city} {a.pincode}
            </span>
            {!a.serviceable && <span className="block text-xs text-red-700">{a.delivery_message || t('Not delivered to yet')}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}

/** The slots offered at a pincode, one choice per slot of the zone (the list has them per day), the morning's when there are any. */
export function useMorningSlots(pincode: string | null) {
  const slots = useQuery(slotsQuery(pincode));
  const unique = [...new Map((slots.data?.data ?? []).map((s) => [s.slot_id, s])).values()].sort((a, b) =>
    a.start_time.localeCompare(b.start_time),
  );
  const morning = unique.filter((s) => s.start_time < '12:00');
  return { isPending: slots.isPending, choices: morning.length ? morning : unique };
}

/** The morning slot: one of `choices` (none: the day's first round). */
export function SlotField({
  isPending,
  choices,
  value,
  onChange,
  name = 'sub-slot',
  error,
}: {
  isPending: boolean;
  choices: readonly SlotOption[];
  value: number | undefined;
  onChange: (slotId: number) => void;
  name?: string;
  error?: string | null;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t('Morning slot')}</legend>
      {isPending ? (
        <Spinner size={18} />
      ) : choices.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">{t("Delivered with the day's first round.")}</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2" role="radiogroup" aria-label={t('Delivery slot')}>
          {choices.map((s) => (
            <label
              key={s.slot_id}
              className={`flex min-h-11 cursor-pointer items-center rounded-lg border px-3 text-sm ${value === s.slot_id ? 'border-[var(--color-primary)] font-semibold ring-1 ring-[var(--color-primary)]' : ''}`}
            >
              <input type="radio" name={name} className="sr-only" checked={value === s.slot_id} onChange={() => onChange(s.slot_id)} />
              {slotWindow(s.start_time, s.end_time)}
            </label>
          ))}
        </div>
      )}
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
