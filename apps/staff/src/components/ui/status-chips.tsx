import { t } from '../../lib/i18n';

/**
 * A list's status filter as a row of pressable chips ("Show: Pending, Published, …"), one pressed.
 * `onChoose` gets the chosen value; `suffix` adds to a chip's label (a count).
 */
export function StatusChips<V extends string>({
  options,
  value,
  onChoose,
  suffix,
}: {
  options: ReadonlyArray<readonly [V, string]>;
  value: V;
  onChoose: (value: V) => void;
  suffix?: (value: V) => string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('Show')}>
      {options.map(([v, label]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChoose(v)}
          className={`rounded-full border px-3 py-1 text-sm ${value === v ? 'border-gray-900 bg-gray-900 text-white' : 'bg-white hover:bg-gray-50'}`}
        >
          {label}
          {suffix?.(v) ?? ''}
        </button>
      ))}
    </div>
  );
}
