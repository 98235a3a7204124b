import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrder } from '@grocer/shared/admin-purchasing';
import { formatDate, formatDateTime } from '@grocer/shared/format';
import { formatINR, toRupees } from '@grocer/shared/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useMovePurchaseOrder, usePurchaseOrder, useReceiveGoods } from '../api/purchase-orders';
import { ReceiveInput, ReceiveLines } from './receive-lines';
import { StatusBadge } from './status-badge';
import { t } from '../../../lib/i18n';

const inr = (paise: number) => formatINR(toRupees(paise));

/** One purchase order: its lines at cost, Mark as ordered / Cancel, Receive goods (a goods received note), its receipts, Print. */
export function PurchaseOrderDetail({ id }: { id: number }) {
  const order = usePurchaseOrder(id);
  const move = useMovePurchaseOrder(id);
  if (order.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(order.error)}
      </p>
    );
  const po = order.data;
  if (!po) return <LoadingView />;
  const act = (status: 'ordered' | 'cancelled') =>
    move.mutate(status, {
      onSuccess: (r) =>
        toast.success(
          status === 'ordered' ? t('{number} marked as ordered', { number: r.number }) : t('{number} cancelled', { number: r.number }),
        ),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const receiving = po.status === 'ordered' || po.status === 'partially_received';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('Purchase order {number}', { number: po.number })}</h1>
        <StatusBadge status={po.status} label={PURCHASE_ORDER_STATUS_LABELS[po.status]} />
      </div>
      <p className="text-sm text-gray-700">
        {po.supplier.name}
        {po.supplier.gstin && t(' (GSTIN {gstin})', { gstin: po.supplier.gstin })} → {po.warehouse.name}
        {po.expected_on && t(' · expected {expectedOn}', { expectedOn: formatDate(po.expected_on) })}{' '}
        {t('· total {total}', { total: inr(po.total) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {po.status === 'draft' && (
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('ordered')}
            className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {t('Mark as ordered')}
          </button>
        )}
        {po.status === 'draft' && (
          <Link to={paths.purchaseOrderEdit(po.id)} className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50">
            {t('Edit')}
          </Link>
        )}
        {(po.status === 'draft' || po.status === 'ordered') && (
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('cancelled')}
            className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50"
          >
            {t('Cancel order')}
          </button>
        )}
        <a
          href={paths.purchaseOrderPrint(po.id)}
          target="_blank"
          rel="noreferrer"
          className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50"
        >
          {t('Print')}
        </a>
      </div>
      {receiving ? <ReceiveGoods po={po} /> : <Lines po={po} />}
      {po.receipts.length > 0 && (
        <Card title={t('Goods received')}>
          <ul className="divide-y text-sm" aria-label={t('Goods received notes')}>
            {po.receipts.map((r) => (
              <li key={r.reference} className="py-2">
                <p className="font-medium">
                  {r.reference} · {formatDateTime(r.at)} · {r.by}
                </p>
                <p className="text-gray-700">
                  {r.lines
                    .map((l) => {
                      const line = po.lines.find((x) => x.pack_id === l.pack_id);
                      return `${line ? `${line.product} ${line.pack}` : 'Pack'} × ${l.quantity} at ${inr(l.unit_cost)}`;
                    })
                    .join(' · ')}
                  {r.note && ` · ${r.note}`}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function Lines({ po }: { po: PurchaseOrder }) {
  return (
    <Card title={t('Lines')}>
      <ul className="divide-y text-sm" aria-label={t('Purchase order lines')}>
        {po.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {l.product} · {l.pack}
            </span>
            <span className="tabular-nums">
              {t('{quantity} × {unitCost} · {received} received', {
                quantity: l.quantity,
                unitCost: inr(l.unit_cost),
                received: l.received,
              })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ReceiveGoods({ po }: { po: PurchaseOrder }) {
  const receive = useReceiveGoods(po.id);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  return (
    <form
      aria-label={t('Receive goods')}
      onSubmit={(e) => {
        e.preventDefault();
        const lines = po.lines.map((l) => ({ line_id: l.id, quantity: Number(qty[l.id]) || 0 })).filter((l) => l.quantity > 0);
        if (!lines.length) return void toast.error(t('Enter what arrived'));
        receive.mutate(
          { lines, note },
          {
            onSuccess: (r) => {
              setQty({});
              setNote('');
              toast.success(
                r.status === 'received'
                  ? t('{number} received in full', { number: r.number })
                  : t('Goods received on {number}', { number: r.number }),
              );
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <Card title={t('Receive goods')}>
        <ReceiveLines
          label={t('Purchase order lines')}
          lines={po.lines}
          columns="sm:grid-cols-[1fr_10rem]"
          left={(l) => l.quantity - l.received}
          progress={(l, left) => (
            <>
              {t('{quantity} ordered at {unitCost} · {received} received · {left} to come', {
                quantity: l.quantity,
                unitCost: inr(l.unit_cost),
                received: l.received,
                left,
              })}
            </>
          )}
          inputs={(l, left) => (
            <ReceiveInput
              label={t('Received now')}
              line={l}
              type="number"
              min={0}
              max={left}
              value={qty[l.id] ?? ''}
              onChange={(e) => setQty({ ...qty, [l.id]: e.target.value })}
            />
          )}
          done={<p className="text-xs text-green-800">{t('All received')}</p>}
        />
        <label className="mt-2 block text-sm font-medium text-gray-700">
          {t('Note (supplier invoice, delivery)')}
          <input className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button
          type="submit"
          disabled={receive.isPending}
          className="mt-3 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Receive goods')}
        </button>
      </Card>
    </form>
  );
}
