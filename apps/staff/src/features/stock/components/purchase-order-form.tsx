import { zodResolver } from '@hookform/resolvers/zod';
import {
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrderInputSchema,
  type PurchaseOrder,
  type PurchaseOrderInput,
} from '@grocer/shared/admin-purchasing';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Controller, get, useForm, type FieldError, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { contractForm } from '../../../lib/contract-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { stockQuery } from '../api/get-stock';
import { usePurchaseOrder, useSavePurchaseOrder } from '../api/purchase-orders';
import { useSuppliers } from '../api/suppliers';
import { DraftOnly } from './draft-only';
import { LinesEditor, NamedSelect } from './lines-editor';
import { PackPicker, type PickedPack } from './pack-picker';
import { t } from '../../../lib/i18n';

type Line = PickedPack & { quantity: string; cost: string };

/** The form's fields as chosen and typed: the ids as the selects give them, each line's quantity and cost price (₹) as typed. */
interface PurchaseOrderFormValues {
  supplier_id: string;
  warehouse_id: string;
  expected_on: string;
  note: string;
  lines: Line[];
}

const toForm = (po?: PurchaseOrder): PurchaseOrderFormValues => ({
  supplier_id: po ? String(po.supplier.id) : '',
  warehouse_id: po ? String(po.warehouse.id) : '',
  expected_on: po?.expected_on ?? '',
  note: po?.note ?? '',
  lines:
    po?.lines.map((l) => ({
      pack_id: l.pack_id,
      label: `${l.product} · ${l.pack}`,
      sku: l.sku,
      available: null,
      quantity: String(l.quantity),
      cost: String(toRupees(l.unit_cost)),
    })) ?? [],
});
const toBody = (f: PurchaseOrderFormValues): PurchaseOrderInput => ({
  supplier_id: Number(f.supplier_id) || 0,
  warehouse_id: Number(f.warehouse_id) || 0,
  expected_on: f.expected_on || null,
  note: f.note,
  lines: f.lines.map((l) => ({
    pack_id: l.pack_id,
    quantity: Number(l.quantity),
    unit_cost: l.cost === '' ? NaN : toPaise(Number(l.cost)),
  })),
});

/**
 * The form's schema (for react-hook-form's zod resolver): the rupees as typed are converted to the
 * API's paise, that body is checked by the shared contract, its messages shown at the form's fields
 * (which have the contract's names: `lines.0.unit_cost` at that line's cost price; the list's own at
 * `lines.root`), and is the form's output.
 */
const purchaseOrderFormSchema = contractForm(
  z.object({
    supplier_id: z.string(),
    warehouse_id: z.string(),
    expected_on: z.string(),
    note: z.string(),
    lines: z.array(z.custom<Line>()),
  }),
  toBody,
  purchaseOrderInputSchema,
  'lines',
);

/**
 * A purchase order's draft: supplier, warehouse, expected date, packs with quantity and cost price
 * (₹). New when `po` is absent; otherwise that draft, edited and saved whole.
 */
export function PurchaseOrderForm({ po }: { po?: PurchaseOrder }) {
  const navigate = useNavigate();
  const create = useSavePurchaseOrder(po?.id);
  const suppliers = useSuppliers().data?.data ?? [];
  const warehouses = useQuery(stockQuery('perPage=5')).data?.warehouses ?? [];
  const { register, handleSubmit, formState, control, setError, watch } = useForm<PurchaseOrderFormValues, unknown, PurchaseOrderInput>({
    resolver: zodResolver(purchaseOrderFormSchema),
    defaultValues: toForm(po),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await create.mutateAsync(body);
      toast.success(
        po
          ? t('Purchase order {number} saved', { number: saved.number })
          : t('Purchase order {number} saved as a draft', { number: saved.number }),
      );
      void navigate(paths.purchaseOrder(saved.id));
    } catch (err) {
      if (err instanceof ApiError)
        for (const [wire, messages] of Object.entries(err.fieldErrors))
          if (messages[0])
            setError((wire === 'lines' ? 'lines.root' : wire) as Path<PurchaseOrderFormValues>, { type: 'server', message: messages[0] });
      toast.error(errorMessage(err));
    }
  });
  const lines = watch('lines');
  // the lines' errors as the lines editor takes them (keyed as the contract's issues are)
  const lineErrors: Record<string, string> = {};
  lines.forEach((_, i) => {
    for (const key of [`lines.${i}.quantity`, `lines.${i}.unit_cost`]) {
      const message = (get(errors, key) as FieldError | undefined)?.message;
      if (message) lineErrors[key] = message;
    }
  });
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const total = lines.reduce((a, l) => a + (Number(l.quantity) || 0) * toPaise(Number(l.cost) || 0), 0);
  return (
    <form
      aria-label={po ? t('Edit purchase order {number}', { number: po.number }) : t('New purchase order')}
      className="space-y-4"
      onSubmit={submit}
    >
      <Card title={t('Order')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('Supplier')}
            error={errors.supplier_id?.message}
            hint={
              suppliers.length === 0 ? (
                <Link to={paths.suppliers()} className="text-brand underline">
                  {t('Add a supplier first')}
                </Link>
              ) : undefined
            }
          >
            {(a) => (
              <Controller
                control={control}
                name="supplier_id"
                render={({ field }) => <NamedSelect attrs={a} value={field.value} onChange={field.onChange} options={suppliers} />}
              />
            )}
          </Field>
          <Field label={t('Deliver to warehouse')} error={errors.warehouse_id?.message}>
            {(a) => (
              <Controller
                control={control}
                name="warehouse_id"
                render={({ field }) => <NamedSelect attrs={a} value={field.value} onChange={field.onChange} options={warehouses} />}
              />
            )}
          </Field>
          <Field label={t('Expected on')} error={errors.expected_on?.message}>
            {(a) => <input {...a} {...register('expected_on')} type="date" className={inputClass} />}
          </Field>
          <Field label={t('Note')} error={errors.note?.message}>
            {(a) => <input {...a} {...register('note')} className={inputClass} />}
          </Field>
        </div>
      </Card>
      <Card title={t('Lines')}>
        <Controller
          control={control}
          name="lines"
          render={({ field }) => (
            <>
              <PackPicker
                exclude={field.value.map((l) => l.pack_id)}
                onPick={(p) => field.onChange([...field.value, { ...p, quantity: '1', cost: '' }])}
              />
              {linesError && <p className="mt-2 text-sm text-red-700">{linesError}</p>}
              <LinesEditor
                label={t('Purchase order lines')}
                lines={field.value}
                onChange={field.onChange}
                errors={lineErrors}
                quantityClass="w-36"
                extra={(l, i, change) => (
                  <Field
                    label={t('Cost price (₹) of {label}', { label: l.label })}
                    error={lineErrors[`lines.${i}.unit_cost`]}
                    className="w-44"
                  >
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
            </>
          )}
        />
        <p className="mt-3 text-sm font-medium">{t('Total {total}', { total: formatINR(toRupees(total)) })}</p>
      </Card>
      <button
        type="submit"
        disabled={formState.isSubmitting}
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
