import { Minus, Plus } from 'lucide-react';
import { MAX_QUANTITY } from '../words';
import { t } from '../../../lib/i18n';

/**
 * One less, the quantity, one more (1 to MAX_QUANTITY): the Subscribe sheet's quantity and a
 * calendar day's change. Renders its three controls only; the caller's group names them.
 */
export function QuantityStepper({
  value,
  onChange,
  compact = false,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** the calendar's day: smaller icons and figure */
  compact?: boolean;
}) {
  const icon = compact ? 16 : 18;
  const button = 'flex h-11 w-11 items-center justify-center rounded-lg border bg-white disabled:opacity-40';
  return (
    <>
      <button
        type="button"
        aria-label={t('One less')}
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
        className={button}
      >
        <Minus size={icon} aria-hidden="true" />
      </button>
      <output aria-live="polite" className={`text-center font-semibold tabular-nums ${compact ? 'w-6' : 'w-8 text-lg'}`}>
        {value}
      </output>
      <button
        type="button"
        aria-label={t('One more')}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        className={button}
      >
        <Plus size={icon} aria-hidden="true" />
      </button>
    </>
  );
}
