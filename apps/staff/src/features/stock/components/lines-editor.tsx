import type { ReactNode } from 'react';
import { Field, inputClass } from '../../../components/ui/field';
import type { PickedPack } from './pack-picker';
import { t } from '../../../lib/i18n';

/**
 * The packs on a new stock document (a purchase order, a transfer), each with its quantity, any
 * further fields and a Remove button. Field errors are keyed as the contract's issues are (`lines.0.quantity`).
 */
export function LinesEditor<L extends PickedPack & { quantity: string }>({
  label,
  lines,
  onChange,
  errors,
  quantityClass,
  about,
  extra,
}: {
  /** the list's accessible name */
  label: string;
  lines: L[];
  onChange: (lines: L[]) => void;
  errors: Record<string, string>;
  /** the quantity field's width */
  quantityClass: string;
  /** what is shown of a line before its fields; its label by default */
  about?: (l: L) => ReactNode;
  /** fields after the quantity; `change` patches the line */
  extra?: (l: L, i: number, change: (patch: Partial<L>) => void) => ReactNode;
}) {
  const change = (packId: number, patch: Partial<L>) => onChange(lines.map((x) => (x.pack_id === packId ? { ...x, ...patch } : x)));
  return (
    <ul className="mt-3 divide-y" aria-label={label}>
      {lines.map((l, i) => (
        <li key={l.pack_id} className="flex flex-wrap items-end gap-3 py-2">
          {about ? about(l) : <p className="min-w-48 flex-1 text-sm font-medium">{l.label}</p>}
          <Field label={t('Quantity of {label}', { label: l.label })} error={errors[`lines.${i}.quantity`]} className={quantityClass}>
            {(a) => (
              <input
                {...a}
                type="number"
                min={1}
                className={inputClass}
                value={l.quantity}
                onChange={(e) => change(l.pack_id, { quantity: e.target.value } as Partial<L>)}
              />
            )}
          </Field>
          {extra?.(l, i, (patch) => change(l.pack_id, patch))}
          <button
            type="button"
            className="mb-1 rounded-md border bg-white px-3 py-2 text-xs font-medium hover:bg-gray-50"
            onClick={() => onChange(lines.filter((x) => x.pack_id !== l.pack_id))}
          >
            {t('Remove')}
            <span className="sr-only"> {l.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A warehouse (or other named thing) chosen from a list, with "Choose…" until one is. */
export function NamedSelect({
  attrs,
  value,
  onChange,
  options,
}: {
  /** the attributes a `Field` hands its control */
  attrs: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
  value: string;
  onChange: (value: string) => void;
  options: Array<{ id: number; name: string }>;
}) {
  return (
    <select {...attrs} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('Choose…')}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
