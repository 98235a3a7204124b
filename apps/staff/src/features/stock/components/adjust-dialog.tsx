import { STOCK_ADJUST_LABEL, STOCK_ADJUST_REASONS, type StockAdjustReason } from '@grocer/shared/admin-stock';
import { ApiError, field } from '@grocer/shared/api-client';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
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

function AdjustForm({ target, onDone }: { target: AdjustTarget; onDone: () => void }) {
  const adjust = useAdjustStock();
  const [warehouseId, setWarehouseId] = useState(target.warehouseId);
  const [reason, setReason] = useState<StockAdjustReason>('received');
  const [mode, setMode] = useState<'counted' | 'delta'>('counted');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = target.levels.find((l) => l.warehouse_id === warehouseId)?.available ?? 0;
  const n = quantity.trim() === '' ? NaN : Number(quantity);
  const counting = reason === 'count' && mode === 'counted';
  const delta = counting ? n - current : reason === 'damaged' || reason === 'expired' ? -n : n;
  const after = Number.isInteger(delta) ? current + delta : null;

  const submit = () => {
    const problems: Record<string, string> = {};
    if (quantity.trim() === '') problems.quantity = 'Quantity is required';
    else if (!Number.isInteger(n)) problems.quantity = 'Quantity must be a whole number';
    else if (counting ? n < 0 : reason === 'count' ? n === 0 : n <= 0)
      problems.quantity = counting
        ? 'Counted quantity cannot be negative'
        : reason === 'count'
          ? 'Quantity cannot be 0'
          : 'Quantity must be more than 0';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    adjust.mutate(
      { packId: target.packId, warehouse_id: warehouseId, reason, note, ...(counting ? { counted: n } : { delta }) },
      {
        onSuccess: (r) => {
          const level = r.stock.levels.find((l) => l.warehouse_id === warehouseId);
          toast.success(
            r.movement
              ? t('Stock of {label} is now {value}', { label: target.label, value: level?.available ?? 0 })
              : t('Stock already at the counted quantity'),
          );
          onDone();
        },
        onError: (e) => {
          const fields = e instanceof ApiError ? (field(e.data, 'errors') as Record<string, string[]> | undefined) : undefined;
          if (fields) {
            const f = fields.delta?.[0] ?? fields.counted?.[0];
            setErrors({ quantity: f ?? '', note: fields.note?.[0] ?? '' });
          }
          toast.error(errorMessage(e));
          setErrors((x) => ({ ...x, form: errorMessage(e) }));
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <AlertDialog.Title className="text-lg font-semibold">{t('Adjust stock')}</AlertDialog.Title>
      <AlertDialog.Description className="mt-1 text-sm text-gray-600">{target.label}</AlertDialog.Description>
      <div className="mt-4 grid grid-cols-2 gap-4">
        <Field label={t('Warehouse')}>
          {(a) => (
            <select {...a} className={inputClass} value={warehouseId} onChange={(e) => setWarehouseId(Number(e.target.value))}>
              {target.levels.map((l) => (
                <option key={l.warehouse_id} value={l.warehouse_id}>
                  {l.warehouse} ({l.available})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Reason')}>
          {(a) => (
            <select {...a} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value as StockAdjustReason)}>
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
            <input type="radio" name="mode" checked={mode === 'counted'} onChange={() => setMode('counted')} />{' '}
            {t('Set to counted quantity')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'delta'} onChange={() => setMode('delta')} /> {t('Change by (+/−)')}
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
        error={errors.quantity || undefined}
        hint={
          <>
            {t('Now {current}', { current })}
            {after !== null && <> {t('→ after this {after}', { after })}</>}
          </>
        }
      >
        {(a) => (
          <input
            {...a}
            type="number"
            step="1"
            inputMode="numeric"
            className={inputClass}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <Field className="mt-4" label={t('Note')} error={errors.note || undefined}>
        {(a) => <textarea {...a} rows={2} maxLength={500} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      {errors.form && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <AlertDialog.Cancel className={`${button} border bg-white hover:bg-gray-50`}>{t('Cancel')}</AlertDialog.Cancel>
        <button type="submit" disabled={adjust.isPending} className={`${button} bg-gray-900 text-white hover:bg-gray-700`}>
          {t('Save adjustment')}
        </button>
      </div>
    </form>
  );
}
