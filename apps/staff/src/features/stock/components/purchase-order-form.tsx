import { PURCHASE_ORDER_STATUS_LABELS, purchaseOrderInputSchema, type PurchaseOrder } from '@grocer/shared/admin-purchasing';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { stockQuery } from '../api/get-stock';
import { usePurchaseOrder, useSavePurchaseOrder } from '../api/purchase-orders';
import { useSuppliers } from '../api/suppliers';
import { DraftOnly } from './draft-only';
import { issuesOf, serverFieldErrors } from './field-errors';
import { LinesEditor, NamedSelect } from './lines-editor';
import { PackPicker, type PickedPack } from './pack-picker';
import { t } from '../../../lib/i18n';

/**
 * A purchase order's draft: supplier, warehouse, expected date, packs with quantity and cost price
 * (₹). New when `po` is absent; otherwise that draft, edited and saved whole.
 */
export function PurchaseOrderForm({ po }: { po?: PurchaseOrder }) {
  const navigate = useNavigate();
  const create = useSavePurchaseOrder(po?.id);
  const suppliers = useSuppliers().data?.data ?? [];
  const warehouses = useQuery(stockQuery('perPage=5')).data?.warehouses ?? [];
  const [supplier, setSupplier] = useState(po ? String(po.supplier.id) : '');
  const [warehouse, setWarehouse] = useState(po ? String(po.warehouse.id) : '');
  const [expected, setExpected] = useState(po?.expected_on ?? '');
  const [note, setNote] = useState(po?.note ?? '');
  const [lines, setLines] = useState<Array<PickedPack & { quantity: string; cost: string }>>(
    () =>
      po?.lines.map((l) => ({
        pack_id: l.pack_id,
        label: `${l.product} · ${l.pack}`,
        sku: l.sku,
        available: null,
        quantity: String(l.quantity),
        cost: String(toRupees(l.unit_cost)),
      })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const total = lines.reduce((a, l) => a + (Number(l.quantity) || 0) * toPaise(Number(l.cost) || 0), 0);
  return (
    <form
      aria-label={po ? t('Edit purchase order {number}', { number: po.number }) : t('New purchase order')}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          supplier_id: Number(supplier) || 0,
          warehouse_id: Number(warehouse) || 0,
          expected_on: expected || null,
          note,
          lines: lines.map((l) => ({
            pack_id: l.pack_id,
            quantity: Number(l.quantity),
            unit_cost: l.cost === '' ? NaN : toPaise(Number(l.cost)),
          })),
        };
        const parsed = purchaseOrderInputSchema.safeParse(body);
        if (!parsed.success) return setErrors(issuesOf(parsed.error));
        setErrors({});
        create.mutate(body, {
          onSuccess: (saved) => {
            toast.success(
              po
                ? t('Purchase order {number} saved', { number: saved.number })
                : t('Purchase order {number} saved as a draft', { number: saved.number }),
            );
            void navigate(paths.purchaseOrder(saved.id));
          },
          onError: (err) => {
            setErrors(serverFieldErrors(err));
            toast.error(errorMessage(err));
          },
        });
      }}
    >
      <Card title={t('Order')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('Supplier')}
            error={errors.supplier_id}
            hint={
              suppliers.length === 0 ? (
                <Link to={paths.suppliers()} className="text-brand underline">
                  {t('Add a supplier first')}
                </Link>
              ) : undefined
            }
          >
            {(a) => <NamedSelect attrs={a} value={supplier} onChange={setSupplier} options={suppliers} />}
          </Field>
          <Field label={t('Deliver to warehouse')} error={errors.warehouse_id}>
            {(a) => <NamedSelect attrs={a} value={warehouse} onChange={setWarehouse} options={warehouses} />}
          </Field>
          <Field label={t('Expected on')} error={errors.expected_on}>
            {(a) => <input {...a} type="date" className={inputClass} value={expected} onChange={(e) => setExpected(e.target.value)} />}
          </Field>
          <Field label={t('Note')}>
            {(a) => <input {...a} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        </div>
      </Card>
      <Card title={t('Lines')}>
        <PackPicker exclude={lines.map((l) => l.pack_id)} onPick={(p) => setLines([...lines, { ...p, quantity: '1', cost: '' }])} />
        {errors.lines && <p className="mt-2 text-sm text-red-700">{errors.lines}</p>}
        <LinesEditor
          label={t('Purchase order lines')}
          lines={lines}
          onChange={setLines}
          errors={errors}
          quantityClass="w-36"
          extra={(l, i, change) => (
            <Field label={t('Cost price (₹) of {label}', { label: l.label })} error={errors[`lines.${i}.unit_cost`]} className="w-44">
              {(a) => (
                <input
                  {...a}
                  type="number"
                  min={0}
                  step="0.01"
                  className={inputClass}
                  value={l.cost}
                  onChange={(e) => change({ cost: e.target.value })}
                />
              )}
            </Field>
          )}
        />
        <p className="mt-3 text-sm font-medium">{t('Total {total}', { total: formatINR(toRupees(total)) })}</p>
      </Card>
      <button
        type="submit"
        disabled={create.isPending}
        className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
      >
        {t('Save purchase order')}
      </button>
    </form>
  );
}

/** A draft purchase order in the form that wrote it (anything past a draft says so). */
export function PurchaseOrderEdit({ id }: { id: number }) {
  return (
    <DraftOnly
      query={usePurchaseOrder(id)}
      document="purchase order"
      statusLabel={(po) => PURCHASE_ORDER_STATUS_LABELS[po.status]}
      to={paths.purchaseOrder}
    >
      {(po) => <PurchaseOrderForm key={po.id} po={po} />}
    </DraftOnly>
  );
}
