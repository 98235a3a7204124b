import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputClass } from '../../../components/ui/field';
import { t } from '../../../lib/i18n';

interface ReceivableLine {
  id: number;
  product: string;
  pack: string;
}

/**
 * The lines of a document being received (a purchase order, a transfer): each line's name and
 * progress, and the inputs for what arrived now while some is still to come.
 */
export function ReceiveLines<L extends ReceivableLine>({
  label,
  lines,
  columns,
  left,
  progress,
  inputs,
  done,
}: {
  /** the list's accessible name */
  label: string;
  lines: L[];
  /** grid columns from `sm` up, e.g. `sm:grid-cols-[1fr_10rem]` */
  columns: string;
  /** units still to come on a line */
  left: (l: L) => number;
  progress: (l: L, left: number) => ReactNode;
  inputs: (l: L, left: number) => ReactNode;
  /** shown instead of the inputs when nothing is left to come */
  done: ReactNode;
}) {
  return (
    <ul className="divide-y" aria-label={label}>
      {lines.map((l) => {
        const n = left(l);
        return (
          <li key={l.id} className={`grid gap-2 py-3 text-sm ${columns} sm:items-end`}>
            <div>
              <p className="font-medium">
                {l.product} · {l.pack}
              </p>
              <p className="text-xs text-gray-600">{progress(l, n)}</p>
            </div>
            {n > 0 ? inputs(l, n) : done}
          </li>
        );
      })}
    </ul>
  );
}

/** One input on a line being received; its accessible name carries the line's product and pack. */
export function ReceiveInput({
  label,
  line,
  ...input
}: { label: string; line: ReceivableLine } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <label className="block text-xs font-medium text-gray-600">
      {label}
      <span className="sr-only"> {t('of {product} {pack}', { product: line.product, pack: line.pack })}</span>
      <input className={inputClass} {...input} />
    </label>
  );
}
