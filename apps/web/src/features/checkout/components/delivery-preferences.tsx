import {
  DELIVERY_INSTRUCTIONS,
  DELIVERY_INSTRUCTION_LABELS,
  SUBSTITUTIONS,
  SUBSTITUTION_LABELS,
  TIP_CHOICES,
  TIP_MAX,
  type DeliveryInstruction,
  type Substitution,
} from '@grocer/shared/delivery-prefs';
import { formatINR } from '@grocer/shared/money';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { t } from '../../../lib/i18n';

/** The checkout's delivery asks, tip and substitution preference (issue 39 §16), as the order keeps them. */
export interface DeliveryPrefs {
  instructions: DeliveryInstruction[];
  notes: string;
  /** whole rupees; null while a custom amount is not a valid one (Place order waits) */
  tip: number | null;
  substitution: Substitution;
}

const NOTE_MAX = 200;
const chip = (on: boolean) =>
  `inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm ${on ? 'border-[var(--color-primary)] bg-[var(--color-primary)] font-semibold text-white' : 'bg-white hover:bg-gray-50'}`;

/** Toggle chips for the delivery person's instructions and a short note of the shopper's own. */
export function DeliveryInstructions({ value, onChange }: { value: DeliveryPrefs; onChange: (v: DeliveryPrefs) => void }) {
  const toggle = (i: DeliveryInstruction) =>
    onChange({
      ...value,
      instructions: value.instructions.includes(i)
        ? value.instructions.filter((x) => x !== i)
        : DELIVERY_INSTRUCTIONS.filter((x) => x === i || value.instructions.includes(x)),
    });
  return (
    <div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('Delivery instructions')}>
        {DELIVERY_INSTRUCTIONS.map((i) => {
          const on = value.instructions.includes(i);
          return (
            <button key={i} type="button" aria-pressed={on} onClick={() => toggle(i)} className={chip(on)}>
              {on && <Check size={14} aria-hidden="true" />}
              {t(DELIVERY_INSTRUCTION_LABELS[i])}
            </button>
          );
        })}
      </div>
      <label htmlFor="order-notes" className="mt-3 block text-sm text-gray-700">
        {t('Anything else for the delivery person (optional)')}
      </label>
      <textarea
        id="order-notes"
        value={value.notes}
        onChange={(e) => onChange({ ...value, notes: e.target.value })}
        maxLength={NOTE_MAX}
        rows={2}
        aria-describedby="order-notes-count"
        className="mt-1 w-full rounded-lg border border-gray-300 p-2 text-sm"
        placeholder={t('Gate code, landmark…')}
      />
      <p id="order-notes-count" className="text-right text-xs text-gray-500">
        {value.notes.length}/{NOTE_MAX}
      </p>
    </div>
  );
}

/** No tip, ₹10, ₹20, ₹30 or a whole-rupee amount of the shopper's own, up to TIP_MAX. */
export function TipChooser({ value, onChange }: { value: DeliveryPrefs; onChange: (v: DeliveryPrefs) => void }) {
  const [custom, setCustom] = useState<string | null>(null);
  const preset = custom === null;
  const problem =
    custom === null || custom === ''
      ? null
      : !/^\d+$/.test(custom)
        ? t('Tip whole rupees')
        : Number(custom) > TIP_MAX
          ? t('Tip at most {amount}', { amount: formatINR(TIP_MAX) })
          : null;
  const setCustomTip = (text: string) => {
    setCustom(text);
    onChange({ ...value, tip: text === '' ? 0 : /^\d+$/.test(text) && Number(text) <= TIP_MAX ? Number(text) : null });
  };
  return (
    <div>
      <p className="mb-2 text-sm text-gray-600">{t('All of it goes to the person who brings your order.')}</p>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('Tip for the delivery person')}>
        {TIP_CHOICES.map((tip) => {
          const on = preset && value.tip === tip;
          return (
            <button
              key={tip}
              type="button"
              role="radio"
              aria-checked={on}
              onClick={() => {
                setCustom(null);
                onChange({ ...value, tip });
              }}
              className={chip(on)}
            >
              {tip === 0 ? t('No tip') : formatINR(tip)}
            </button>
          );
        })}
        <button type="button" role="radio" aria-checked={!preset} onClick={() => setCustomTip(custom ?? '')} className={chip(!preset)}>
          {t('Other')}
        </button>
      </div>
      {!preset && (
        <div className="mt-3">
          <label htmlFor="tip-amount" className="block text-sm text-gray-700">
            {t('Tip amount in ₹ (up to {amount})', { amount: formatINR(TIP_MAX) })}
          </label>
          <input
            id="tip-amount"
            inputMode="numeric"
            autoFocus
            value={custom ?? ''}
            onChange={(e) => setCustomTip(e.target.value.trim())}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'tip-problem' : undefined}
            className="mt-1 h-11 w-32 rounded-lg border border-gray-300 px-2 text-sm"
          />
          {problem && (
            <p id="tip-problem" role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Call me / Replace with similar / Refund the item. */
export function SubstitutionChooser({ value, onChange }: { value: DeliveryPrefs; onChange: (v: DeliveryPrefs) => void }) {
  return (
    <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('If an item is unavailable')}>
      {SUBSTITUTIONS.map((s) => {
        const on = value.substitution === s;
        return (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={on}
            onClick={() => onChange({ ...value, substitution: s })}
            className={chip(on)}
          >
            {t(SUBSTITUTION_LABELS[s])}
          </button>
        );
      })}
    </div>
  );
}
