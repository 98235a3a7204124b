import { STOCK_MOVEMENT_LABEL } from '@grocer/shared/admin-stock';
import { formatDateTime } from '@grocer/shared/format';
import { X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { useSetThreshold } from '../api/adjust-stock';
import { useMovements, usePackStock } from '../api/get-stock';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { t } from '../../../lib/i18n';

/** One pack: its balance in every warehouse, its low-stock threshold, and its movement history (newest first). */
export function PackPanel({ packId, onClose }: { packId: number; onClose: () => void }) {
  const stock = usePackStock(packId);
  const [warehouse, setWarehouse] = useState<number | undefined>(undefined);
  const moves = useMovements(packId, warehouse);
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  const s = stock.data;
  return (
    <aside
      aria-label={t('Pack stock and history')}
      className="fixed top-0 right-0 z-30 flex h-full w-[560px] max-w-full flex-col overflow-y-auto border-l bg-white p-6 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{s ? `${s.product} · ${s.pack}` : t('Pack')}</h2>
          {s && <p className="font-mono text-xs text-gray-500">{s.sku || t('No SKU')}</p>}
        </div>
        <button type="button" onClick={onClose} className="rounded p-1 hover:bg-gray-100" aria-label={t('Close the pack panel')}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {stock.error && (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(stock.error)}
        </p>
      )}
      {!s && !stock.error && <LoadingView />}
      {s && (
        <>
          <table className="mt-4 w-full text-sm" aria-label={t('Stock per warehouse')}>
            <thead className="border-b text-left text-xs uppercase tracking-wide text-gray-500">
              <tr>
                <th className="py-2 font-medium">{t('Warehouse')}</th>
                <th className="py-2 text-right font-medium">{t('On hand')}</th>
                <th className="py-2 text-right font-medium">{t('Committed')}</th>
                <th className="py-2 text-right font-medium">{t('In transit')}</th>
                <th className="py-2 text-right font-medium">{t('Available')}</th>
                <th className="py-2">
                  <span className="sr-only">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {s.levels.map((l) => (
                <tr key={l.warehouse_id} className="border-b last:border-0">
                  <td className="py-2">{l.warehouse}</td>
                  <td className="py-2 text-right tabular-nums">{l.on_hand}</td>
                  <td className="py-2 text-right tabular-nums">{l.committed}</td>
                  <td className="py-2 text-right tabular-nums">{l.in_transit}</td>
                  <td className={`py-2 text-right tabular-nums ${l.available <= s.threshold ? 'font-medium text-red-700' : ''}`}>
                    {l.available}
                  </td>
                  <td className="py-2 text-right">
                    <button
                      type="button"
                      className="rounded-md border bg-white px-3 py-1 text-xs font-medium hover:bg-gray-50"
                      onClick={() =>
                        setTarget({ packId, label: `${s.product} · ${s.pack}`, levels: s.levels, warehouseId: l.warehouse_id })
                      }
                    >
                      {t('Adjust')}
                      <span className="sr-only"> {t('at {warehouse}', { warehouse: l.warehouse })}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ThresholdForm key={`${s.threshold}:${s.own_threshold}`} packId={packId} threshold={s.threshold} own={s.own_threshold} />
          <div className="mt-6 flex items-end justify-between gap-3">
            <h3 className="text-base font-semibold">{t('Movements')}</h3>
            <label className="text-xs font-medium text-gray-600">
              {t('Warehouse')}{' '}
              <select
                className="ml-1 rounded-md border bg-white px-2 py-1 text-sm"
                value={warehouse ?? ''}
                onChange={(e) => setWarehouse(e.target.value ? Number(e.target.value) : undefined)}
              >
                <option value="">{t('All')}</option>
                {s.levels.map((l) => (
                  <option key={l.warehouse_id} value={l.warehouse_id}>
                    {l.warehouse}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {moves.data ? (
            moves.data.data.length === 0 ? (
              <p className="mt-3 text-sm text-gray-600">{t('No movements yet.')}</p>
            ) : (
              <table className="mt-2 w-full text-sm" aria-label={t('Movements')}>
                <thead className="border-b text-left text-xs uppercase tracking-wide text-gray-500">
                  <tr>
                    <th className="py-2 pr-3 font-medium">{t('When')}</th>
                    <th className="py-2 pr-3 font-medium">{t('Why')}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t('Change')}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t('Balance')}</th>
                    <th className="py-2 font-medium">{t('Who')}</th>
                  </tr>
                </thead>
                <tbody>
                  {moves.data.data.map((m) => (
                    <tr key={m.id} className="border-b align-top last:border-0">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.created_at)}</td>
                      <td className="py-2 pr-3">
                        {STOCK_MOVEMENT_LABEL[m.reason] ?? m.reason}
                        <span className="block text-xs text-gray-500">{m.warehouse}</span>
                        {m.note && <span className="block text-xs text-gray-600">“{m.note}”</span>}
                        {m.reference && <span className="block font-mono text-xs text-gray-500">{m.reference}</span>}
                      </td>
                      <td className={`py-2 pr-3 text-right tabular-nums ${m.quantity < 0 ? 'text-red-700' : 'text-green-700'}`}>
                        {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{m.balance}</td>
                      <td className="py-2">{m.actor}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          ) : (
            <LoadingView />
          )}
        </>
      )}
      <AdjustDialog target={target} onClose={() => setTarget(null)} />
    </aside>
  );
}

function ThresholdForm({ packId, threshold, own }: { packId: number; threshold: number; own: boolean }) {
  const save = useSetThreshold();
  const [text, setText] = useState(own ? String(threshold) : '');
  const submit = (value: number | null) =>
    save.mutate(
      { packId, threshold: value },
      {
        onSuccess: (r) =>
          toast.success(
            r.own_threshold
              ? t('Low-stock threshold set to {threshold}', { threshold: r.threshold })
              : t('The pack uses the shop default again'),
          ),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return submit(null);
        const n = Number(text);
        if (!Number.isInteger(n) || n < 0) return void toast.error(t('Threshold is a whole number, 0 or more'));
        submit(n);
      }}
    >
      <label className="block">
        <span className="block text-xs font-medium text-gray-600">{t('Low-stock threshold')}</span>
        <input
          type="number"
          min={0}
          step={1}
          value={text}
          placeholder={t('Default ({threshold})', { threshold })}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 w-36 rounded-md border bg-white px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded-md border bg-white px-3 py-2 font-medium hover:bg-gray-50 disabled:opacity-50"
      >
        {t('Save threshold')}
      </button>
      <span className="mb-2 text-xs text-gray-500">{t('Empty: the shop default.')}</span>
    </form>
  );
}
