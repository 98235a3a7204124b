import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { useState } from 'react';
import { paths } from '../../../lib/paths';
import { usePackStock } from '../api/get-stock';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { t } from '../../../lib/i18n';

/**
 * A pack's stock per warehouse on the product editor, with an adjust action (through the ledger)
 * and a link to its movement history on the Stock screen.
 */
export function PackStockInline({ packId }: { packId: number }) {
  const stock = usePackStock(packId);
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  if (!stock.data) return <span className="text-xs text-gray-500">{stock.error ? t('Stock unavailable') : t('Loading stock…')}</span>;
  const s = stock.data;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" aria-label={t('Stock of {pack}', { pack: s.pack })}>
      {s.levels.map((l) => (
        <span
          key={l.warehouse_id}
          className={`rounded px-2 py-0.5 ${l.available === 0 ? 'bg-red-50 text-red-800' : l.available <= s.threshold ? 'bg-amber-50 text-amber-800' : 'bg-gray-100 text-gray-700'}`}
        >
          {l.warehouse}: <span className="tabular-nums">{t('{onHand} on hand', { onHand: l.on_hand })}</span> ·{' '}
          <span className="tabular-nums">{t('{committed} committed', { committed: l.committed })}</span> ·{' '}
          <span className="font-semibold tabular-nums">{t('{available} available', { available: l.available })}</span>
        </span>
      ))}
      {s.cost_price !== null && (
        <span className="rounded bg-gray-100 px-2 py-0.5 text-gray-700">
          {t('Cost price')} <span className="font-semibold tabular-nums">{formatINR(toRupees(s.cost_price))}</span>
        </span>
      )}
      <button
        type="button"
        className="rounded-md border bg-white px-2 py-0.5 font-medium hover:bg-gray-50"
        onClick={() =>
          setTarget({ packId, label: `${s.product} · ${s.pack}`, levels: s.levels, warehouseId: s.levels[0]?.warehouse_id ?? 0 })
        }
        disabled={!s.levels.length}
      >
        {t('Adjust stock')}
        <span className="sr-only"> {t('of {pack}', { pack: s.pack })}</span>
      </button>
      <Link to={paths.stock(`pack=${packId}`)} className="text-brand underline">
        {t('History')}
        <span className="sr-only"> {t('of {pack}', { pack: s.pack })}</span>
      </Link>
      <AdjustDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
