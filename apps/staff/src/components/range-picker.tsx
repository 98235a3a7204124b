import { indiaToday } from '@grocer/shared/delivery-promise';
import { useAddressParams } from '../lib/list-state';
import { inputClass } from './ui/field';
import { t } from '../lib/i18n';

const PRESETS = [
  { key: 'today', label: t('Today'), days: 1 },
  { key: '7d', label: t('7 days'), days: 7 },
  { key: '30d', label: t('30 days'), days: 30 },
] as const;

const minus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A report's dates, both included (YYYY-MM-DD). */
export interface Range {
  from: string;
  to: string;
}

/**
 * The chosen range, kept in the address (`?range=7d`, or `?from=…&to=…` for a custom one), so a
 * reload or a shared link shows the same figures. Days are India's.
 */
export function useRange(fallback: (typeof PRESETS)[number]['key'] = '7d') {
  const [params, change] = useAddressParams();
  const today = indiaToday();
  const from = params.get('from');
  const to = params.get('to');
  const preset = PRESETS.find((p) => p.key === (params.get('range') ?? (from || to ? '' : fallback)));
  const range: Range = preset ? { from: minus(today, preset.days - 1), to: today } : { from: from ?? today, to: to ?? today };
  const choose = (next: { preset: string } | Range) =>
    change(
      (q) => {
        for (const k of ['range', 'from', 'to']) q.delete(k);
        if ('preset' in next) q.set('range', next.preset);
        else {
          q.set('from', next.from);
          q.set('to', next.to);
        }
      },
      { replace: true },
    );
  return { range, preset: preset?.key ?? 'custom', choose };
}

export function RangePicker({ state }: { state: ReturnType<typeof useRange> }) {
  const { range, preset, choose } = state;
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label={t('Range')}>
      <div className="inline-flex rounded-md border bg-white p-0.5">
        {[...PRESETS, { key: 'custom', label: t('Custom') } as const].map((p) => (
          <button
            key={p.key}
            type="button"
            aria-pressed={preset === p.key}
            onClick={() => (p.key === 'custom' ? choose(range) : choose({ preset: p.key }))}
            className={`rounded px-3 py-1.5 text-sm ${preset === p.key ? 'bg-brand font-medium text-white' : 'text-gray-700 hover:bg-gray-100'}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <>
          <label className="text-sm">
            {t('From')}
            <input
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => e.target.value && choose({ ...range, from: e.target.value })}
              className={`${inputClass} w-40`}
            />
          </label>
          <label className="text-sm">
            {t('To')}
            <input
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => e.target.value && choose({ ...range, to: e.target.value })}
              className={`${inputClass} w-40`}
            />
          </label>
        </>
      )}
    </div>
  );
}
