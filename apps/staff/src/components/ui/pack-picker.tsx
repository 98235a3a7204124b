import { formatINR, toRupees } from '@grocer/shared/money';
import { useId, useState } from 'react';
import { inputClass } from './field';
import { t } from '../../lib/i18n';

export interface PackChoice {
  id: number;
  label: string;
  pricePaise: number;
}

/**
 * A search box over the shop's packs and the matches to pick from (promotions, price lists). The
 * caller passes its own search hook (features do not import each other), and what to do with a pick.
 */
export function PackPicker({
  label,
  useMatches,
  onPick,
  exclude = [],
}: {
  label: string;
  useMatches: (q: string) => { data?: { data: PackChoice[] } };
  onPick: (p: PackChoice) => void;
  exclude?: number[];
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const matches = useMatches(q.trim()).data?.data.filter((p) => !exclude.includes(p.id)) ?? [];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('Search packs by name or SKU')}
        className={inputClass}
      />
      {q.trim() !== '' && (
        <ul className="mt-1 max-h-48 overflow-y-auto rounded-md border bg-white text-sm" aria-label={t('{label}: matches', { label })}>
          {matches.length === 0 && <li className="px-3 py-2 text-gray-500">{t('No pack matches')}</li>}
          {matches.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(p);
                  setQ('');
                }}
                className="flex w-full justify-between gap-2 px-3 py-2 text-left hover:bg-gray-50"
              >
                <span>{p.label}</span>
                <span className="tabular-nums text-gray-500">{formatINR(toRupees(p.pricePaise))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
