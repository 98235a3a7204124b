import type { AdminProductOptions } from '@grocer/shared/admin-catalogue';
import { useId } from 'react';
import { t } from '../../../lib/i18n';

/** The product's further categories (besides the main one): a checkbox list, the tree indented. */
export function FurtherCategories({
  options,
  value,
  onChange,
  error,
}: {
  options: AdminProductOptions['categories'];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="block text-sm font-medium text-gray-700">{t('Also in categories')}</legend>
      <div className="mt-1 max-h-40 overflow-y-auto rounded-md border px-3 py-2">
        {options.length === 0 && <p className="text-sm text-gray-500">{t('No categories yet.')}</p>}
        {options.map((c) => (
          <label key={c.id} className="flex items-center gap-2 py-0.5 text-sm" style={{ paddingLeft: `${c.depth}rem` }}>
            <input
              type="checkbox"
              checked={value.includes(c.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((v) => v !== c.id))}
            />
            {c.name}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        {t('The shop lists the product under each of these too.')}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
