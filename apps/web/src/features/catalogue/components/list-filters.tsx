import type { Brand } from '@grocer/shared/catalogue';
import { DISCOUNT_STEPS, type ListParams } from '@grocer/shared/list-params';
import { useState } from 'react';
import { t } from '../../../lib/i18n';

/** The filters beyond categories and brands (issue 39): a price range, a least discount, in stock only. */
export type Narrowing = Pick<ListParams, 'min_price' | 'max_price' | 'discount' | 'in_stock'>;

export const narrowingOf = (p: ListParams): Narrowing => ({
  min_price: p.min_price,
  max_price: p.max_price,
  discount: p.discount,
  in_stock: p.in_stock,
});

/** What each filter in force reads as, for the list's chips ('₹50 – ₹200', '20% off or more', 'In stock'). */
export function narrowingLabels(n: Narrowing): string[] {
  const price =
    n.min_price && n.max_price !== undefined
      ? t('₹{min} – ₹{max}', { min: n.min_price, max: n.max_price })
      : n.min_price
        ? t('From ₹{min}', { min: n.min_price })
        : n.max_price !== undefined
          ? t('Up to ₹{max}', { max: n.max_price })
          : null;
  return [price, n.discount ? t('{pct}% off or more', { pct: n.discount }) : null, n.in_stock ? t('In stock') : null].filter(
    (l): l is string => l !== null,
  );
}

const rupees = (text: string) => {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
};

/**
 * Price range, least discount and in stock only, as a phone shopper uses them: number keypads for
 * the prices, chips for the discount, one switch for stock. `onChange` gets every change (the
 * phone's modal keeps them until Apply Filters); the desktop list applies them at once, prices
 * when a field is left or Enter is pressed.
 */
export function NarrowingFields({ value, onChange, prefix }: { value: Narrowing; onChange: (v: Narrowing) => void; prefix: string }) {
  const [min, setMin] = useState(value.min_price ? String(value.min_price) : '');
  const [max, setMax] = useState(value.max_price !== undefined ? String(value.max_price) : '');
  const commit = () => onChange({ ...value, min_price: rupees(min) || undefined, max_price: rupees(max) });
  const field = 'w-full rounded-lg border px-3 py-2 text-base sm:text-sm';
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="px-1 text-sm font-semibold">{t('Price')}</legend>
        <form
          className="mt-1 flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            commit();
          }}
        >
          <label className="flex-1">
            <span className="sr-only">{t('Lowest price in rupees')}</span>
            <input
              id={`${prefix}-min`}
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder={t('Min ₹')}
              value={min}
              onChange={(e) => setMin(e.target.value.replace(/[^0-9]/g, ''))}
              onBlur={commit}
              className={field}
            />
          </label>
          <span aria-hidden="true" className="text-gray-500">
            –
          </span>
          <label className="flex-1">
            <span className="sr-only">{t('Highest price in rupees')}</span>
            <input
              id={`${prefix}-max`}
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder={t('Max ₹')}
              value={max}
              onChange={(e) => setMax(e.target.value.replace(/[^0-9]/g, ''))}
              onBlur={commit}
              className={field}
            />
          </label>
          <button type="submit" className="sr-only">
            {t('Set price')}
          </button>
        </form>
      </fieldset>
      <fieldset>
        <legend className="px-1 text-sm font-semibold">{t('Discount')}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[undefined, ...DISCOUNT_STEPS].map((d) => (
            <button
              key={d ?? 0}
              type="button"
              aria-pressed={value.discount === d}
              onClick={() => onChange({ ...value, discount: d })}
              className={`min-h-9 rounded-full border px-3 py-1.5 text-sm ${value.discount === d ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/10 font-semibold' : 'hover:bg-gray-50'}`}
            >
              {d ? t('{pct}% or more', { pct: d }) : t('Any')}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="flex cursor-pointer items-center justify-between gap-2 rounded px-1 py-1 text-sm font-semibold">
        {t('In stock only')}
        <input
          type="checkbox"
          role="switch"
          checked={!!value.in_stock}
          onChange={(e) => onChange({ ...value, in_stock: e.target.checked || undefined })}
          className="h-5 w-5 accent-[var(--color-primary)]"
        />
      </label>
    </div>
  );
}

/** The brands as checkboxes with a search box over them: the ticked ones first, then the names containing the words. */
export function BrandChecklist({ brands, selected, onToggle }: { brands: Brand[]; selected: string[]; onToggle: (slug: string) => void }) {
  const [words, setWords] = useState('');
  const needle = words.trim().toLowerCase();
  const shown = brands
    .filter((b) => selected.includes(b.slug) || !needle || b.name.toLowerCase().includes(needle))
    .sort((a, b) => Number(selected.includes(b.slug)) - Number(selected.includes(a.slug)));
  return (
    <div>
      <input
        type="search"
        aria-label={t('Search brands')}
        placeholder={t('Search brands')}
        value={words}
        onChange={(e) => setWords(e.target.value)}
        className="mb-1 w-full rounded-lg border px-3 py-2 text-base sm:text-sm"
      />
      <ul className="max-h-64 overflow-auto">
        {shown.map((b) => (
          <li key={b.slug}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-gray-50">
              <input
                type="checkbox"
                checked={selected.includes(b.slug)}
                onChange={() => onToggle(b.slug)}
                className="h-4 w-4 accent-[var(--color-primary)]"
              />
              {b.name}
            </label>
          </li>
        ))}
        {!shown.length && <li className="px-1 py-1.5 text-sm text-gray-500">No brand matches "{words.trim()}"</li>}
      </ul>
    </div>
  );
}
