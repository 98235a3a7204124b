import { TRANSFER_STATUS_LABELS, transferInputSchema, type Transfer } from '@grocer/shared/admin-purchasing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { stockQuery } from '../api/get-stock';
import { useSaveTransfer, useTransfer } from '../api/transfers';
import { DraftOnly } from './draft-only';
import { issuesOf, serverFieldErrors } from './field-errors';
import { LinesEditor, NamedSelect } from './lines-editor';
import { PackPicker, type PickedPack } from './pack-picker';
import { t } from '../../../lib/i18n';

/**
 * A transfer's draft: from, to, and the packs with their quantities; Send (on the transfer) moves
 * the stock. New when `transfer` is absent; otherwise that draft, edited and saved whole.
 */
export function TransferForm({ transfer }: { transfer?: Transfer }) {
  const navigate = useNavigate();
  const create = useSaveTransfer(transfer?.id);
  const warehouses = useQuery(stockQuery('perPage=5')).data?.warehouses ?? [];
  const [from, setFrom] = useState(transfer ? String(transfer.from.id) : '');
  const [to, setTo] = useState(transfer ? String(transfer.to.id) : '');
  const [note, setNote] = useState(transfer?.note ?? '');
  const [lines, setLines] = useState<Array<PickedPack & { quantity: string }>>(
    () =>
      transfer?.lines.map((l) => ({
        pack_id: l.pack_id,
        label: `${l.product} · ${l.pack}`,
        sku: l.sku,
        available: l.available_at_source,
        quantity: String(l.quantity),
      })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const body = {
      from_warehouse_id: Number(from) || 0,
      to_warehouse_id: Number(to) || 0,
      note,
      lines: lines.map((l) => ({ pack_id: l.pack_id, quantity: Number(l.quantity) })),
    };
    const parsed = transferInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    create.mutate(body, {
      onSuccess: (valueItem) => {
        toast.success(
          transfer
            ? t('Transfer {number} saved', { number: valueItem.number })
            : t('Transfer {number} saved as a draft', { number: valueItem.number }),
        );
        void navigate(paths.transfer(valueItem.id));
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        toast.error(errorMessage(err));
      },
    });
  };
  return (
    <form
      aria-label={transfer ? t('Edit transfer {number}', { number: transfer.number }) : t('New transfer')}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card title={t('Warehouses')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('From warehouse')} error={errors.from_warehouse_id}>
            {(a) => (
              <NamedSelect
                attrs={a}
                value={from}
                onChange={(v) => {
                  setFrom(v);
                  setLines([]);
                }}
                options={warehouses}
              />
            )}
          </Field>
          <Field label={t('To warehouse')} error={errors.to_warehouse_id}>
            {(a) => <NamedSelect attrs={a} value={to} onChange={setTo} options={warehouses} />}
          </Field>
          <Field label={t('Note')} className="sm:col-span-2">
            {(a) => <input {...a} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        </div>
      </Card>
      <Card title={t('Packs to send')}>
        {from ? (
          <PackPicker
            warehouseId={Number(from)}
            exclude={lines.map((l) => l.pack_id)}
            onPick={(p) => setLines([...lines, { ...p, quantity: '1' }])}
          />
        ) : (
          <p className="text-sm text-gray-600">{t('Choose the warehouse the stock leaves from first.')}</p>
        )}
        {errors.lines && <p className="mt-2 text-sm text-red-700">{errors.lines}</p>}
        <LinesEditor
          label={t('Transfer lines')}
          lines={lines}
          onChange={setLines}
          errors={errors}
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
      </Card>
      <button
        type="submit"
        disabled={create.isPending}
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
