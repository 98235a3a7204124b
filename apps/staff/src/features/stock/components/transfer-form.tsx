import { zodResolver } from '@hookform/resolvers/zod';
import { TRANSFER_STATUS_LABELS, transferInputSchema, type Transfer, type TransferInput } from '@grocer/shared/admin-purchasing';
import { ApiError } from '@grocer/shared/api-client';
import { useQuery } from '@tanstack/react-query';
import { Controller, get, useForm, type FieldError, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { contractForm } from '../../../lib/contract-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { stockQuery } from '../api/get-stock';
import { useSaveTransfer, useTransfer } from '../api/transfers';
import { DraftOnly } from './draft-only';
import { LinesEditor, NamedSelect } from './lines-editor';
import { PackPicker, type PickedPack } from './pack-picker';
import { t } from '../../../lib/i18n';

type Line = PickedPack & { quantity: string };

/** The form's fields as chosen and typed: the warehouses' ids as the selects give them, each line's quantity as typed. */
interface TransferFormValues {
  from_warehouse_id: string;
  to_warehouse_id: string;
  note: string;
  lines: Line[];
}

const toForm = (transfer?: Transfer): TransferFormValues => ({
  from_warehouse_id: transfer ? String(transfer.from.id) : '',
  to_warehouse_id: transfer ? String(transfer.to.id) : '',
  note: transfer?.note ?? '',
  lines:
    transfer?.lines.map((l) => ({
      pack_id: l.pack_id,
      label: `${l.product} · ${l.pack}`,
      sku: l.sku,
      available: l.available_at_source,
      quantity: String(l.quantity),
    })) ?? [],
});
const toBody = (f: TransferFormValues): TransferInput => ({
  from_warehouse_id: Number(f.from_warehouse_id) || 0,
  to_warehouse_id: Number(f.to_warehouse_id) || 0,
  note: f.note,
  lines: f.lines.map((l) => ({ pack_id: l.pack_id, quantity: Number(l.quantity) })),
});

/**
 * The form's schema (for react-hook-form's zod resolver): the body the form sends is checked by
 * the shared contract, its messages shown at the form's fields (which have the contract's names:
 * `lines.0.quantity` at that line's quantity; the list's own at `lines.root`), and is the form's output.
 */
const transferFormSchema = contractForm(
  z.object({
    from_warehouse_id: z.string(),
    to_warehouse_id: z.string(),
    note: z.string(),
    lines: z.array(z.custom<Line>()),
  }),
  toBody,
  transferInputSchema,
  'lines',
);

/**
 * A transfer's draft: from, to, and the packs with their quantities; Send (on the transfer) moves
 * the stock. New when `transfer` is absent; otherwise that draft, edited and saved whole.
 */
export function TransferForm({ transfer }: { transfer?: Transfer }) {
  const navigate = useNavigate();
  const create = useSaveTransfer(transfer?.id);
  const warehouses = useQuery(stockQuery('perPage=5')).data?.warehouses ?? [];
  const { register, handleSubmit, formState, control, setError, setValue, watch } = useForm<TransferFormValues, unknown, TransferInput>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: toForm(transfer),
  });
  const errors = formState.errors;
  const from = watch('from_warehouse_id');
  const submit = handleSubmit(async (body) => {
    try {
      const valueItem = await create.mutateAsync(body);
      toast.success(
        transfer
          ? t('Transfer {number} saved', { number: valueItem.number })
          : t('Transfer {number} saved as a draft', { number: valueItem.number }),
      );
      void navigate(paths.transfer(valueItem.id));
    } catch (err) {
      if (err instanceof ApiError)
        for (const [wire, messages] of Object.entries(err.fieldErrors))
          if (messages[0])
            setError((wire === 'lines' ? 'lines.root' : wire) as Path<TransferFormValues>, { type: 'server', message: messages[0] });
      toast.error(errorMessage(err));
    }
  });
  // the lines' errors as the lines editor takes them (keyed as the contract's issues are)
  const lineErrors: Record<string, string> = {};
  watch('lines').forEach((_, i) => {
    const message = (get(errors, `lines.${i}.quantity`) as FieldError | undefined)?.message;
    if (message) lineErrors[`lines.${i}.quantity`] = message;
  });
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form
      aria-label={transfer ? t('Edit transfer {number}', { number: transfer.number }) : t('New transfer')}
      className="space-y-4"
      onSubmit={submit}
    >
      <Card title={t('Warehouses')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('From warehouse')} error={errors.from_warehouse_id?.message}>
            {(a) => (
              <Controller
                control={control}
                name="from_warehouse_id"
                render={({ field }) => (
                  <NamedSelect
                    attrs={a}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      setValue('lines', [], { shouldDirty: true });
                    }}
                    options={warehouses}
                  />
                )}
              />
            )}
          </Field>
          <Field label={t('To warehouse')} error={errors.to_warehouse_id?.message}>
            {(a) => (
              <Controller
                control={control}
                name="to_warehouse_id"
                render={({ field }) => <NamedSelect attrs={a} value={field.value} onChange={field.onChange} options={warehouses} />}
              />
            )}
          </Field>
          <Field label={t('Note')} error={errors.note?.message} className="sm:col-span-2">
            {(a) => <input {...a} {...register('note')} className={inputClass} />}
          </Field>
        </div>
      </Card>
      <Card title={t('Packs to send')}>
        <Controller
          control={control}
          name="lines"
          render={({ field }) => (
            <>
              {from ? (
                <PackPicker
                  warehouseId={Number(from)}
                  exclude={field.value.map((l) => l.pack_id)}
                  onPick={(p) => field.onChange([...field.value, { ...p, quantity: '1' }])}
                />
              ) : (
                <p className="text-sm text-gray-600">{t('Choose the warehouse the stock leaves from first.')}</p>
              )}
              {linesError && <p className="mt-2 text-sm text-red-700">{linesError}</p>}
              <LinesEditor
                label={t('Transfer lines')}
                lines={field.value}
                onChange={field.onChange}
                errors={lineErrors}
                quantityClass="w-40"
                about={(l) => (
                  <div className="min-w-48 flex-1 text-sm">
                    <p className="font-medium">{l.label}</p>
                    <p className="text-xs text-gray-500">
                      {l.available ?? 0} {t('available at the source')}
                    </p>
                  </div>
                )}
              />
            </>
          )}
        />
      </Card>
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
      >
        {t('Save transfer')}
      </button>
    </form>
  );
}

/** A draft transfer in the form that wrote it (a sent one says so). */
export function TransferEdit({ id }: { id: number }) {
  return (
    <DraftOnly query={useTransfer(id)} document="transfer" statusLabel={(item) => TRANSFER_STATUS_LABELS[item.status]} to={paths.transfer}>
      {(entry) => <TransferForm key={entry.id} transfer={entry} />}
    </DraftOnly>
  );
}
