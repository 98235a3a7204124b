import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminStockAdjustSchema,
  STOCK_ADJUST_LABEL,
  STOCK_ADJUST_REASONS,
  type AdminStockAdjust,
  type StockAdjustReason,
} from '@grocer/shared/admin-stock';
import { ApiError } from '@grocer/shared/api-client';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { get, useForm, type FieldError, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Field, inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useAdjustStock } from '../api/adjust-stock';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

export interface AdjustTarget {
  packId: number;
  /** 'Basmati Rice · 1 kg' */
  label: string;
  levels: Array<{ warehouse_id: number; warehouse: string; available: number }>;
  warehouseId: number;
}

/**
 * Adjusts one pack's stock in one warehouse with a reason and a note: units received, damaged or
 * expired, or a count correction (the counted quantity, or a difference). The server writes it
 * through the ledger and refuses anything below zero.
 */
export function AdjustDialog({ target, onClose }: { target: AdjustTarget | null; onClose: () => void }) {
  return (
    <AlertDialog.Root open={!!target} onOpenChange={(o) => !o && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[520px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          {target && <AdjustForm key={`${target.packId}:${target.warehouseId}`} target={target} onDone={onClose} />}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The form's fields as chosen and typed: the warehouse's id as the select gives it, the units as typed. */
interface AdjustFormValues {
  warehouse_id: string;
  reason: StockAdjustReason;
  /** a count correction: the counted quantity, or a difference */
  mode: 'counted' | 'delta';
  quantity: string;
  note: string;
}

const units = (quantity: string) => (quantity.trim() === '' ? NaN : Number(quantity));
const isCounting = (f: Pick<AdjustFormValues, 'reason' | 'mode'>) => f.reason === 'count' && f.mode === 'counted';
/** The units as the API takes them: the counted quantity, or the change (units removed are a negative change). */
const toBody = (f: AdjustFormValues): AdminStockAdjust => {
  const n = units(f.quantity);
  const change = f.reason === 'damaged' || f.reason === 'expired' ? -n : n;
  return { warehouse_id: Number(f.warehouse_id), reason: f.reason, note: f.note, ...(isCounting(f) ? { counted: n } : { delta: change }) };
};

/**
 * The form's schema (for react-hook-form's zod resolver): the units typed are turned into the API's
 * `counted` or `delta` (negative for units removed), that body is checked by the shared contract
 * (its messages about `counted` and `delta` shown at the quantity, the others at their fields) and
 * is the form's output.
 */
const adjustFormSchema = contractForm(
  z.object({
    warehouse_id: z.string(),
    reason: z.enum(STOCK_ADJUST_REASONS),
    mode: z.enum(['counted', 'delta']),
    quantity: z.string(),
    note: z.string(),
  }),
  toBody,
  adminStockAdjustSchema,
  'quantity',
);

function AdjustForm({ target, onDone }: { target: AdjustTarget; onDone: () => void }) {
  const adjust = useAdjustStock();
  const { register, handleSubmit, formState, setError, watch } = useForm<AdjustFormValues, unknown, AdminStockAdjust>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: { warehouse_id: String(target.warehouseId), reason: 'received', mode: 'counted', quantity: '', note: '' },
  });
  const errors = formState.errors;
  const [warehouseId, reason, mode, quantity] = watch(['warehouse_id', 'reason', 'mode', 'quantity']);
  const current = target.levels.find((l) => l.warehouse_id === Number(warehouseId))?.available ?? 0;
  const n = units(quantity);
  const counting = isCounting({ reason, mode });
  const delta = counting ? n - current : reason === 'damaged' || reason === 'expired' ? -n : n;
  const after = Number.isInteger(delta) ? current + delta : null;
  // the quantity is the API's `counted` (a count) or `delta`: their messages are the quantity's
  const quantityError = (['counted', 'delta', 'quantity'] as const)
    .map((k) => (get(errors, k) as FieldError | undefined)?.message)
    .find(Boolean);

  const submit = handleSubmit(async (body) => {
    try {
      const r = await adjust.mutateAsync({ packId: target.packId, ...body });
      const level = r.stock.levels.find((l) => l.warehouse_id === body.warehouse_id);
      toast.success(
        r.movement
          ? t('Stock of {label} is now {value}', { label: target.label, value: level?.available ?? 0 })
          : t('Stock already at the counted quantity'),
      );
      onDone();
    } catch (e) {
      if (e instanceof ApiError)
        for (const [wire, messages] of Object.entries(e.fieldErrors))
          if (messages[0] && wire in body) setError(wire as Path<AdjustFormValues>, { type: 'server', message: messages[0] });
      toast.error(errorMessage(e));
      setError('root.server', { type: 'server', message: errorMessage(e) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <AlertDialog.Title className="text-lg font-semibold">{t('Adjust stock')}</AlertDialog.Title>
      <AlertDialog.Description className="mt-1 text-sm text-gray-600">{target.label}</AlertDialog.Description>
      <div className="mt-4 grid grid-cols-2 gap-4">
        <Field label={t('Warehouse')} error={errors.warehouse_id?.message}>
          {(a) => (
            <select {...a} {...register('warehouse_id')} className={inputClass}>
              {target.levels.map((l) => (
                <option key={l.warehouse_id} value={l.warehouse_id}>
                  {l.warehouse} ({l.available})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Reason')} error={errors.reason?.message}>
          {(a) => (
            <select {...a} {...register('reason')} className={inputClass}>
              {STOCK_ADJUST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {STOCK_ADJUST_LABEL[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {reason === 'count' && (
        <fieldset className="mt-4 flex gap-6 text-sm">
          <legend className="sr-only">{t('How to correct')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" {...register('mode')} value="counted" /> {t('Set to counted quantity')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" {...register('mode')} value="delta" /> {t('Change by (+/−)')}
          </label>
        </fieldset>
      )}
      <Field
        className="mt-4"
        label={
          counting
            ? t('Counted quantity')
            : reason === 'count'
              ? t('Change by')
              : reason === 'received'
                ? t('Units received')
                : t('Units removed')
        }
        error={quantityError}
        hint={
          <>
            {t('Now {current}', { current })}
            {after !== null && <> {t('→ after this {after}', { after })}</>}
          </>
        }
      >
        {(a) => <input {...a} type="number" step="1" inputMode="numeric" className={inputClass} {...register('quantity')} autoFocus />}
      </Field>
      <Field className="mt-4" label={t('Note')} error={errors.note?.message}>
        {(a) => <textarea {...a} {...register('note')} rows={2} maxLength={500} className={inputClass} />}
      </Field>
      {errors.root?.server && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <AlertDialog.Cancel className={`${button} border bg-white hover:bg-gray-50`}>{t('Cancel')}</AlertDialog.Cancel>
        <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-gray-900 text-white hover:bg-gray-700`}>
          {t('Save adjustment')}
        </button>
      </div>
    </form>
  );
}
