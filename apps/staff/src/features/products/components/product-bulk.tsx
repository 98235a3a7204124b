import type { AdminProductOptions, AdminProductRow } from '@grocer/shared/admin-catalogue';
import type { AdminPriceChange, AdminPricePreview } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR } from '@grocer/shared/money';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useApplyPrices, usePreviewPrices } from '../api/change-prices';
import { useDeleteProducts } from '../api/delete-products';
import { useMoveToCategory } from '../api/move-category';
import { t } from '../../../lib/i18n';

const button = 'rounded-md border bg-white px-3 py-1 font-medium hover:bg-gray-50 disabled:opacity-50';
const secondary = 'rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50';
const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** The list's bulk actions beyond status: move to a category, change prices (preview first), delete. */
export function ProductBulkActions({
  rows,
  clear,
  options,
}: {
  rows: AdminProductRow[];
  clear: () => void;
  options?: AdminProductOptions;
}) {
  const ids = rows.map((r) => r.id);
  return (
    <>
      <MoveToCategory ids={ids} clear={clear} options={options} />
      <ChangePrices ids={ids} clear={clear} />
      <DeleteProducts ids={ids} clear={clear} />
    </>
  );
}

function MoveToCategory({ ids, clear, options }: { ids: number[]; clear: () => void; options?: AdminProductOptions }) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState('');
  const move = useMoveToCategory();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={button}>
          {t('Move to category')}
        </button>
      }
      title={t('Move {ids} to a category', { ids: plural(ids.length) })}
      description={t('Their main category changes; further categories stay.')}
      form
      confirm={t('Move')}
      tone="primary"
      busy={move.isPending}
      onConfirm={() =>
        move.mutate(
          { ids, category_id: category ? Number(category) : null },
          {
            onSuccess: ({ updated }) => {
              toast.success(t('{updated} moved', { updated: plural(updated) }));
              setOpen(false);
              clear();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        )
      }
    >
      <Field label={t('Category')}>
        {(a) => (
          <select {...a} value={category} onChange={(e) => setCategory(e.target.value)} className={inputClass}>
            <option value="">{t('No category')}</option>
            {options?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {'\u00a0\u00a0'.repeat(c.depth)}
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </ConfirmDialog>
  );
}

function ChangePrices({ ids, clear }: { ids: number[]; clear: () => void }) {
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<AdminPriceChange['by']>('percent');
  const [direction, setDirection] = useState<'up' | 'down'>('up');
  const [amount, setAmount] = useState('');
  const [mrp, setMrp] = useState<AdminPriceChange['mrp']>('keep');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<AdminPricePreview | null>(null);
  const previewing = usePreviewPrices();
  const apply = useApplyPrices();
  const change = (): AdminPriceChange | null => {
    const n = Number(amount);
    if (!amount.trim() || !Number.isFinite(n) || n <= 0) {
      setError(by === 'percent' ? 'Enter a percent more than 0' : 'Enter an amount more than 0');
      return null;
    }
    return { ids, by, value: direction === 'up' ? n : -n, mrp };
  };
  const reset = () => (setPreview(null), setError(null));
  const problems = preview?.data.filter((r) => r.problem).length ?? 0;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => (setOpen(o), o || reset())}
      trigger={
        <button type="button" className={button}>
          {t('Change prices')}
        </button>
      }
      title={t('Change the prices of {ids}', { ids: plural(ids.length) })}
      description={t('Every pack of the chosen products. See the new prices before they are saved.')}
      wide
      confirm={t('Apply new prices')}
      tone="primary"
      busy={apply.isPending}
      disabled={!preview || problems > 0}
      onConfirm={() => {
        const c = change();
        if (!c) return;
        apply.mutate(c, {
          onSuccess: ({ updated }) => {
            toast.success(t('{value} repriced', { value: updated === 1 ? t('1 pack') : t('{updated} packs', { updated }) }));
            setOpen(false);
            reset();
            clear();
          },
          onError: (err) =>
            setError(err instanceof ApiError ? (Object.values(err.fieldErrors)[0]?.[0] ?? errorMessage(err)) : errorMessage(err)),
        });
      }}
    >
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const c = change();
          if (!c) return;
          setError(null);
          previewing.mutate(c, {
            onSuccess: setPreview,
            onError: (err) =>
              setError(err instanceof ApiError ? (Object.values(err.fieldErrors)[0]?.[0] ?? errorMessage(err)) : errorMessage(err)),
          });
        }}
      >
        <div className="flex flex-wrap items-start gap-3">
          <Field label={t('Direction')}>
            {(a) => (
              <select
                {...a}
                value={direction}
                onChange={(e) => (setDirection(e.target.value as 'up' | 'down'), reset())}
                className={inputClass}
              >
                <option value="up">{t('Raise by')}</option>
                <option value="down">{t('Lower by')}</option>
              </select>
            )}
          </Field>
          <Field label={by === 'percent' ? t('Percent') : t('Amount (₹)')}>
            {(a) => (
              <input
                {...a}
                value={amount}
                onChange={(e) => (setAmount(e.target.value), reset())}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                aria-invalid={!!error}
                className={`${inputClass} w-32`}
              />
            )}
          </Field>
          <Field label={t('Change by')}>
            {(a) => (
              <select {...a} value={by} onChange={(e) => (setBy(e.target.value as AdminPriceChange['by']), reset())} className={inputClass}>
                <option value="percent">{t('percent')}</option>
                <option value="amount">{t('rupees')}</option>
              </select>
            )}
          </Field>
          <Field label={t('MRP')}>
            {(a) => (
              <select
                {...a}
                value={mrp}
                onChange={(e) => (setMrp(e.target.value as AdminPriceChange['mrp']), reset())}
                className={inputClass}
              >
                <option value="keep">{t('Keep (raised to the price if needed)')}</option>
                <option value="same">{t('Change it the same way')}</option>
              </select>
            )}
          </Field>
          <button type="submit" disabled={previewing.isPending} className={`${secondary} mt-6`}>
            {t('Preview')}
          </button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      {preview && (
        <div className="mt-4">
          <table className="w-full text-left text-sm" aria-label={t('New prices')}>
            <thead className="border-b text-xs text-gray-500 uppercase">
              <tr>
                <th className="py-2">{t('Product')}</th>
                <th>{t('Pack')}</th>
                <th>{t('Price')}</th>
                <th>{t('MRP')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.data.map((r) => (
                <tr key={r.pack_id} className={`border-b ${r.problem ? 'bg-red-50' : ''}`}>
                  <td className="py-2 pr-2">{r.product}</td>
                  <td className="pr-2">{r.pack}</td>
                  <td className="pr-2 whitespace-nowrap">
                    {formatINR(r.price)} → <strong>{formatINR(r.new_price)}</strong>
                    {r.problem && <span className="block text-xs text-red-700">{r.problem}</span>}
                  </td>
                  <td className="whitespace-nowrap">
                    {formatINR(r.act_price)} → {formatINR(r.new_act_price)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {problems > 0 && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {problems === 1 ? t('1 pack') : t('{problems} packs', { problems })}{' '}
              {t('cannot take this change: nothing will be saved until it is fixed.')}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}

function DeleteProducts({ ids, clear }: { ids: number[]; clear: () => void }) {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const remove = useDeleteProducts();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => (setOpen(o), setRefused(null))}
      trigger={
        <button type="button" className={button}>
          {t('Delete')}
        </button>
      }
      title={t('Delete {ids}?', { ids: plural(ids.length) })}
      description={t('Only products never ordered can be deleted; an ordered product is archived instead. This cannot be undone.')}
      cancel={t('Keep them')}
      confirm={t('Delete')}
      busy={remove.isPending}
      disabled={!!refused}
      onConfirm={() =>
        remove.mutate(ids, {
          onSuccess: ({ updated }) => {
            toast.success(t('{updated} deleted', { updated: plural(updated) }));
            setOpen(false);
            clear();
          },
          onError: (err) =>
            err instanceof ApiError && err.status === 409 ? setRefused(errorMessage(err)) : toast.error(errorMessage(err)),
        })
      }
    >
      {refused && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {refused}
        </p>
      )}
    </ConfirmDialog>
  );
}
