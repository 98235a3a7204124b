import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { stockQuery } from '../api/get-stock';
import { inputClass } from '../../../components/ui/field';
import { t } from '../../../lib/i18n';

export interface PickedPack {
  pack_id: number;
  label: string;
  sku: string;
  /** units available at the chosen warehouse (when one is given) */
  available: number | null;
}

/**
 * Finds a pack by product, pack or SKU (the stock list's search) and hands it to `onPick`; with
 * `warehouseId`, each result shows what is available there.
 */
export function PackPicker({ warehouseId, onPick, exclude }: { warehouseId?: number; onPick: (p: PickedPack) => void; exclude: number[] }) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const params = new URLSearchParams({ q, perPage: '20' });
  if (warehouseId) params.set('warehouse', String(warehouseId));
  const found = useQuery({ ...stockQuery(params.toString()), enabled: q !== '', placeholderData: keepPreviousData });
  const seen = new Set<number>();
  const rows = q
    ? (found.data?.data ?? []).filter((r) => {
        if (seen.has(r.pack_id) || exclude.includes(r.pack_id)) return false;
        seen.add(r.pack_id);
        return true;
      })
    : [];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {t('Add a pack')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('Search by product, pack or SKU')}
        className={inputClass}
      />
      {q && (
        <ul aria-label={t('Packs found')} className="mt-1 max-h-56 overflow-y-auto rounded-md border bg-white text-sm">
          {rows.length === 0 && <li className="px-3 py-2 text-gray-500">{found.isFetching ? t('Searching…') : t('No pack matches')}</li>}
          {rows.map((r) => (
            <li key={r.pack_id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-gray-50"
                onClick={() => {
                  onPick({
                    pack_id: r.pack_id,
                    label: `${r.product} · ${r.pack}`,
                    sku: r.sku,
                    available: warehouseId ? r.available : null,
                  });
                  setText('');
                }}
              >
                <span>
                  {r.product} · {r.pack}
                  {r.sku && <span className="ml-2 font-mono text-xs text-gray-500">{r.sku}</span>}
                </span>
                {warehouseId !== undefined && (
                  <span className="text-xs text-gray-600 tabular-nums">{t('{available} available', { available: r.available })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
