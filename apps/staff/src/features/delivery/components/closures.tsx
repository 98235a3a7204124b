import type { AdminDelivery } from '@grocer/shared/admin-delivery';
import { formatDate } from '@grocer/shared/format';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useAddClosure, useRemoveClosure } from '../api/closures';
import { t } from '../../../lib/i18n';

/** Holidays and closures: dates on which no slot is offered, in one zone or in all. */
export function Closures({ delivery }: { delivery: AdminDelivery }) {
  const [form, setForm] = useState({ date: '', zoneId: '', reason: '' });
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const zoneName = (id: number | null) => (id === null ? 'All zones' : (delivery.zones.find((z) => z.id === id)?.name ?? ''));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    add.mutate(
      { date: form.date, zoneId: form.zoneId ? Number(form.zoneId) : null, reason: form.reason },
      {
        onSuccess: (c) => {
          toast.success(t('No deliveries on {date} ({zoneId})', { date: formatDate(c.date), zoneId: zoneName(c.zoneId) }));
          setForm({ date: '', zoneId: '', reason: '' });
        },
      },
    );
  };
  return (
    <div>
      {delivery.closures.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No closures ahead: slots are offered every day they run.')}</p>
      ) : (
        <ul aria-label={t('Closures')} className="divide-y rounded-md border">
          {delivery.closures.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">{formatDate(c.date)}</span> · {zoneName(c.zoneId)}
                {c.reason && <span className="text-gray-600"> · {c.reason}</span>}
              </span>
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate(c.id, { onError: (err) => toast.error(errorMessage(err)) })}
                className="text-xs font-medium text-brand hover:underline"
              >
                {t('Remove')}
                <span className="sr-only"> {t('closure on {date}', { date: formatDate(c.date) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-[auto_auto_1fr_auto] sm:items-start">
        <Field label={t('Date')}>
          {(a) => (
            <input
              {...a}
              type="date"
              required
              value={form.date}
              onChange={(e) => setForm({ ...form, date: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('Zone')}>
          {(a) => (
            <select {...a} value={form.zoneId} onChange={(e) => setForm({ ...form, zoneId: e.target.value })} className={inputClass}>
              <option value="">{t('All zones')}</option>
              {delivery.zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Reason')} hint={t('For your staff, e.g. Diwali.')}>
          {(a) => (
            <input {...a} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} className={inputClass} />
          )}
        </Field>
        <div className="sm:pt-6">
          <button
            type="submit"
            disabled={add.isPending || !form.date}
            className="rounded-md border border-gray-900 px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {t('Close this date')}
          </button>
        </div>
      </form>
      {add.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errorMessage(add.error)}
        </p>
      )}
    </div>
  );
}
