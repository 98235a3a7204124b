import { formatINR } from '@grocer/shared/money';
import type { PosCounterPack } from '@grocer/shared/pos';
import { useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { useOrderPackSearch } from '../api/edit-order';
import { t } from '../../../lib/i18n';

/**
 * "Add an item" on an order being built or changed: searches the packs in stock at the warehouse
 * and hands the one picked to `onPick`, with `clear` to empty the search once it is added (not a
 * search typed while the pack was being added: that one stays).
 */
export function PackSearch({
  id,
  warehouseId,
  placeholder,
  disabled,
  busy,
  onPick,
}: {
  id: string;
  /** null until there is a warehouse: nothing is searched */
  warehouseId: number | null;
  placeholder: string;
  disabled?: boolean;
  busy?: boolean;
  onPick: (pack: PosCounterPack, clear: () => void) => void;
}) {
  const [q, setQ] = useState('');
  const search = useOrderPackSearch(warehouseId, q);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {t('Add an item')}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        disabled={disabled}
        onChange={(e) => setQ(e.target.value)}
        placeholder={placeholder}
        className={inputClass}
      />
      {search.data && (
        <ul className="mt-1 max-h-56 overflow-y-auto rounded-md border bg-white text-sm" aria-label={t('Packs in stock')}>
          {search.data.data.length === 0 && <li className="px-3 py-2 text-gray-500">{t('Nothing in stock matches')}</li>}
          {search.data.data.map((p) => (
            <li key={p.pack_id}>
              <button
                type="button"
                disabled={busy}
                className="flex w-full justify-between gap-2 px-3 py-2 text-left hover:bg-gray-50"
                // emptied once added, unless a new search was typed meanwhile (it is kept)
                onClick={() => {
                  const picked = q;
                  onPick(p, () => setQ((now) => (now === picked ? '' : now)));
                }}
              >
                <span>{t('Add {product} · {pack}', { product: p.product, pack: p.pack })}</span>
                <span className="text-gray-500 tabular-nums">
                  {t('{price} · {available} in stock', { price: formatINR(p.price), available: p.available })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
