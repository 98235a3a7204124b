import type { AdminOrder } from '@grocer/shared/admin-orders';
import { formatINR } from '@grocer/shared/money';
import { perKgLabel, weightLabel } from '@grocer/shared/weighed';
import { EDITABLE_STATUSES, staffEditDifferenceText } from '@grocer/shared/order-edit';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { useEditOrder, useQuoteEdit } from '../api/edit-order';
import { PackSearch } from './pack-search';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';
const primary = `${button} bg-brand text-white hover:opacity-90`;
const secondary = `${button} border bg-white hover:bg-gray-50`;

interface Wanted {
  packId: number;
  label: string;
  price: number;
  quantity: number;
  /** a loose good (grams, issue 40.5): kept as ordered or removed */
  weighed?: boolean;
}

/**
 * Administration's edit of an order (issue 40 §12), until it is packed, by the shopper's own rules:
 * add items (packs in stock at the order's warehouse), change quantities, remove lines; a preview
 * shows the new total and the difference, and only then the change is made (with one key, so a
 * double click is one change). Shown to staff with orders.manage.
 */
export function EditOrder({ order }: { order: AdminOrder }) {
  const can = useCan()('orders.manage');
  const [open, setOpen] = useState(false);
  if (!can || order.channel !== 'online' || !EDITABLE_STATUSES.includes(order.status)) return null;
  return (
    <Card title={t('Edit order')}>
      {open ? (
        <Editor order={order} onDone={() => setOpen(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={secondary} onClick={() => setOpen(true)}>
            {t('Edit items')}
          </button>
          <p className="text-sm text-gray-600">{t('Add items, change quantities or remove lines until the order is packed.')}</p>
        </div>
      )}
    </Card>
  );
}

function startingLines(order: AdminOrder): Wanted[] {
  const byPack = new Map<number, Wanted>();
  for (const l of order.lines) {
    const w = byPack.get(l.pack_id);
    if (w) w.quantity += l.quantity;
    else
      byPack.set(l.pack_id, {
        packId: l.pack_id,
        label: `${l.name} · ${l.pack}`,
        price: l.price,
        quantity: l.quantity,
        weighed: l.sold_by_weight,
      });
  }
  return [...byPack.values()];
}

function Editor({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [lines, setLines] = useState<Wanted[]>(() => startingLines(order));
  const [key, setKey] = useState(() => crypto.randomUUID());
  const warehouseId = order.lines.find((l) => l.warehouse_id !== null)?.warehouse_id ?? null;
  const quote = useQuoteEdit(order.id);
  const edit = useEditOrder(order.id);
  const method = order.payment?.provider ?? 'cod';

  const change = (next: Wanted[]) => {
    setLines(next);
    quote.reset();
    setKey(crypto.randomUUID());
  };
  const setQty = (packId: number, quantity: number) =>
    change(lines.map((l) => (l.packId === packId ? { ...l, quantity: Math.max(0, Math.min(99, quantity)) } : l)));
  const body = { lines: lines.map((l) => ({ pack_id: l.packId, quantity: l.quantity })) };

  return (
    <div className="space-y-4">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Items wanted on order {ordernumber}', { ordernumber: order.ordernumber })}</caption>
        <thead className="border-b text-left text-xs text-gray-500 uppercase">
          <tr>
            <th scope="col" className="py-2">
              {t('Item')}
            </th>
            <th scope="col" className="text-right">
              {t('Price')}
            </th>
            <th scope="col" className="text-right">
              {t('Qty')}
            </th>
            <th scope="col">
              <span className="sr-only">{t('Remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.packId} className={`border-b last:border-0 ${l.quantity === 0 ? 'text-gray-500 line-through' : ''}`}>
              <td className="py-2">{l.label}</td>
              <td className="text-right">{l.weighed ? perKgLabel(l.price) : formatINR(l.price)}</td>
              <td className="text-right">
                {l.weighed ? (
                  weightLabel(l.quantity)
                ) : (
                  <input
                    type="number"
                    min={0}
                    max={99}
                    aria-label={t('Quantity of {label}', { label: l.label })}
                    value={l.quantity}
                    onChange={(e) => setQty(l.packId, Number(e.target.value))}
                    className="w-16 rounded-md border px-2 py-1 text-right"
                  />
                )}
              </td>
              <td className="pl-2 text-right">
                <button type="button" className="text-xs text-red-700 hover:underline" onClick={() => setQty(l.packId, 0)}>
                  {t('Remove')}
                  <span className="sr-only"> {l.label}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <PackSearch
        id="edit-order-search"
        warehouseId={warehouseId}
        placeholder={t('Search products in stock')}
        onPick={(p, clear) => {
          const there = lines.find((l) => l.packId === p.pack_id);
          change(
            there
              ? lines.map((l) => (l.packId === p.pack_id ? { ...l, quantity: l.quantity + 1 } : l))
              : [...lines, { packId: p.pack_id, label: `${p.product} · ${p.pack}`, price: p.price, quantity: 1 }],
          );
          clear();
        }}
      />

      {quote.data && (
        <dl className="ml-auto max-w-sm rounded-md bg-gray-50 p-3 text-sm" aria-label={t('New total')}>
          <Row label={t('Items')}>{formatINR(quote.data.items_total)}</Row>
          {quote.data.discount > 0 && <Row label={t('Coupon')}>−{formatINR(quote.data.discount)}</Row>}
          <Row label={t('Delivery')}>{quote.data.delivery_charge > 0 ? formatINR(quote.data.delivery_charge) : t('Free')}</Row>
          <Row label={t('Total now')}>{formatINR(quote.data.was_total)}</Row>
          <Row label={t('New total')}>{formatINR(quote.data.total)}</Row>
          <p className="mt-2 font-medium" role="status">
            {staffEditDifferenceText(quote.data.difference, method, quote.data.balance_due)}
          </p>
        </dl>
      )}
      {(quote.error || edit.error) && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(quote.error ?? edit.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondary} disabled={quote.isPending} onClick={() => quote.mutate(body)}>
          {t('Preview changes')}
        </button>
        <button
          type="button"
          className={primary}
          disabled={!quote.data || edit.isPending}
          onClick={() =>
            edit.mutate(
              { ...body, expected_total: quote.data!.total, key },
              {
                onSuccess: (o) => {
                  toast.success(t('Order {ordernumber} changed: total {total}', { ordernumber: o.ordernumber, total: formatINR(o.total) }));
                  onDone();
                },
              },
            )
          }
        >
          {t('Confirm changes')}
        </button>
        <button type="button" className={secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-0.5">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
