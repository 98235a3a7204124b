import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { lineAmountPaise, type PosCounterPack } from '@grocer/shared/pos';
import { keyedGrams } from '@grocer/shared/scale-barcode';
import { useState } from 'react';
import { weighedText } from '../cart';
import { t } from '../../../lib/i18n';

const UNIT_KEY = 'grocer.pos.weigh-unit';

/**
 * The weight of a loose good, keyed from the counter scale's display: in kg or g (the till keeps
 * the cashier's last choice; "750 g" or "0.75 kg" typed whole works in either), with the line's
 * amount shown before it is added. The server prices the line again from the grams.
 */
export function WeighForm({ pack, onAdd, onCancel }: { pack: PosCounterPack; onAdd: (grams: number) => void; onCancel: () => void }) {
  const [unit, setUnit] = useState<'kg' | 'g'>(() => (localStorage.getItem(UNIT_KEY) === 'g' ? 'g' : 'kg'));
  const [text, setText] = useState('');
  const grams = keyedGrams(text, unit);
  const choose = (u: 'kg' | 'g') => {
    setUnit(u);
    localStorage.setItem(UNIT_KEY, u);
  };
  return (
    <form
      aria-label={t('Weigh {product}', { product: pack.product })}
      className="mt-2 flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (grams) onAdd(grams);
      }}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p className="font-medium">
        {t('{product} - {pack} · {price}/kg', { product: pack.product, pack: pack.pack, price: formatINR(pack.price) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="pos-weight">{t('Weight')}</label>
        <input
          id="pos-weight"
          autoFocus
          inputMode="decimal"
          autoComplete="off"
          className="min-h-11 w-28 rounded border px-2 py-1 text-base md:min-h-0"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="pos-weight-amount"
        />
        <div role="radiogroup" aria-label={t('Unit')} className="flex overflow-hidden rounded border">
          {(['kg', 'g'] as const).map((u) => (
            <button
              key={u}
              type="button"
              role="radio"
              aria-checked={unit === u}
              onClick={() => choose(u)}
              className={`min-h-11 px-3 md:min-h-0 md:py-1 ${unit === u ? 'bg-teal-700 text-white' : 'bg-white'}`}
            >
              {u}
            </button>
          ))}
        </div>
      </div>
      <p id="pos-weight-amount" aria-live="polite" className="text-sm">
        {grams
          ? `${weighedText(grams, pack.price, formatINR)} = ${formatINR(toRupees(lineAmountPaise(toPaise(pack.price), grams, true)))}`
          : text.trim()
            ? t('Enter a weight from 1 g to 100 kg')
            : t('Key the weight in {unit}', { unit })}
      </p>
      <div className="flex gap-2">
        <button
          disabled={!grams}
          className="min-h-11 rounded bg-teal-700 px-4 py-1 font-semibold text-white disabled:opacity-50 md:min-h-0"
        >
          {t('Add to bill')}
        </button>
        <button type="button" onClick={onCancel} className="min-h-11 rounded border bg-white px-3 py-1 md:min-h-0">
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
