import dayjs from 'dayjs';
import { Calendar } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatMonth, formatWeekday } from '@grocer/shared/format';
import { PAGE_SIZES } from '@grocer/shared/pagination';
import { POPPER_OFFSET, POPPER_Z_INDEX } from './popper';
import { language, t } from '../../lib/i18n';

/** Per-page selector (5, 10, 20, 50, 100); empty values are ignored. */
export function PerPageSelect({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      {t('Per page')}
      <select value={value} onChange={(e) => e.target.value && onChange(Number(e.target.value))} className="rounded border px-2 py-1">
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Boolean toggle stored as 1 / 0 (spec §9). */
export function BooleanToggle({ value, onChange, label }: { value: 0 | 1; onChange: (v: 0 | 1) => void; label: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={value === 1}
      aria-label={label}
      onClick={() => onChange(value === 1 ? 0 : 1)}
      className={`relative h-6 w-11 rounded-full transition-colors ${value === 1 ? 'bg-[var(--color-primary)]' : 'bg-gray-300'}`}
    >
      <span
        className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${value === 1 ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

/** File field: clears its value when no file is chosen; can be required. */
export function FileField({
  onChange,
  required,
  accept,
  label,
}: {
  onChange: (f: File | null) => void;
  required?: boolean;
  accept?: string;
  label: string;
}) {
  return (
    <input
      type="file"
      aria-label={label}
      required={required}
      accept={accept}
      onChange={(e) => {
        const f = e.target.files?.[0] ?? null;
        if (!f) e.target.value = '';
        onChange(f);
      }}
      className="text-sm"
    />
  );
}

// the 12 months and 7 weekdays of a fixed year, named in the page's language at render (formatMonth / formatWeekday)
const MONTH_DAYS = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}-01`);
const WEEK_DAYS = Array.from({ length: 7 }, (_, i) => `2024-01-${String(7 + i).padStart(2, '0')}`); // 7 Jan 2024 was a Sunday
export const YEARS = Array.from({ length: 2099 - 1900 + 1 }, (_, i) => 1900 + i);

/** Date picker: opens on focus or calendar click, closes on outside click or a chosen date; years 1900–2099. */
export function DatePicker({ value, onChange, label }: { value: string | null; onChange: (isoDate: string) => void; label: string }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState(() => dayjs(value ?? undefined).startOf('month'));
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const first = view.startOf('month');
  const days = Array.from({ length: first.daysInMonth() }, (_, i) => first.date(i + 1));
  return (
    <div className="relative" ref={root}>
      <div className="flex items-center rounded-lg border border-gray-300">
        <input
          readOnly
          aria-label={label}
          value={value ? formatDate(value, language()) : ''}
          onFocus={() => setOpen(true)}
          className="h-10 flex-1 rounded-lg px-3 text-sm outline-none"
        />
        <button type="button" aria-label={t('Open calendar')} onClick={() => setOpen((o) => !o)} className="px-2">
          <Calendar size={16} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div
          role="dialog"
          aria-label={t('Choose a date')}
          className="absolute w-72 rounded-lg border bg-white p-3 shadow-lg"
          style={{ zIndex: POPPER_Z_INDEX, marginTop: POPPER_OFFSET }}
        >
          <div className="mb-2 flex gap-2">
            <select
              aria-label={t('Month')}
              value={view.month()}
              onChange={(e) => setView(view.month(Number(e.target.value)))}
              className="flex-1 rounded border px-1 py-1 text-sm"
            >
              {MONTH_DAYS.map((m, i) => (
                <option key={m} value={i}>
                  {formatMonth(m, language(), true)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('Year')}
              value={view.year()}
              onChange={(e) => setView(view.year(Number(e.target.value)))}
              className="flex-1 rounded border px-1 py-1 text-sm"
            >
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-xs text-gray-500" aria-hidden="true">
            {WEEK_DAYS.map((d) => (
              <span key={d}>{formatWeekday(d, language(), true)}</span>
            ))}
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-sm">
            {Array.from({ length: first.day() }, (_, i) => (
              <span key={`pad${i}`} />
            ))}
            {days.map((d) => (
              <button
                key={d.date()}
                type="button"
                onClick={() => {
                  onChange(d.format('YYYY-MM-DD'));
                  setOpen(false);
                }}
                className={`rounded py-1 hover:bg-gray-100 ${value && d.isSame(value, 'day') ? 'bg-[var(--color-primary)] text-white' : ''}`}
              >
                {d.date()}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
