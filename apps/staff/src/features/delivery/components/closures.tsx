import { zodResolver } from '@hookform/resolvers/zod';
import { adminClosureInputSchema, type AdminClosureInput, type AdminDelivery } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { formatDate } from '@grocer/shared/format';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { contractForm } from '../../../lib/contract-form';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useAddClosure, useRemoveClosure } from '../api/closures';
import { t } from '../../../lib/i18n';

/** The closure form's fields as chosen and typed (the contract's names): the zone's id as the select gives it, '' for all zones. */
interface ClosureForm {
  date: string;
  zoneId: string;
  reason: string;
}

const empty: ClosureForm = { date: '', zoneId: '', reason: '' };
const toInput = (f: ClosureForm): AdminClosureInput => ({ date: f.date, zoneId: f.zoneId ? Number(f.zoneId) : null, reason: f.reason });

/**
 * The form's schema (for react-hook-form's zod resolver): the body the form sends is checked by the
 * shared contract (its messages shown at the form's fields, which have the contract's names) and is
 * the form's output.
 */
const closureFormSchema = contractForm(
  z.object({ date: z.string(), zoneId: z.string(), reason: z.string() }),
  toInput,
  adminClosureInputSchema,
  'date',
);

/** Holidays and closures: dates on which no slot is offered, in one zone or in all. */
export function Closures({ delivery }: { delivery: AdminDelivery }) {
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<ClosureForm, unknown, AdminClosureInput>({
    resolver: zodResolver(closureFormSchema),
    defaultValues: empty,
  });
  const errors = formState.errors;
  const date = watch('date');
  const zoneName = (id: number | null) => (id === null ? 'All zones' : (delivery.zones.find((z) => z.id === id)?.name ?? ''));
  const submit = handleSubmit(async (input) => {
    try {
      const c = await add.mutateAsync(input);
      toast.success(t('No deliveries on {date} ({zoneId})', { date: formatDate(c.date), zoneId: zoneName(c.zoneId) }));
      reset(empty);
    } catch (e) {
      // the server's message is shown under the form (add.error); its field errors at their fields
      if (e instanceof ApiError)
        for (const [wire, messages] of Object.entries(e.fieldErrors))
          if (messages[0] && wire in input) setError(wire as keyof ClosureForm, { type: 'server', message: messages[0] });
    }
  });
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
        <Field label={t('Date')} error={errors.date?.message}>
          {(a) => <input {...a} {...register('date')} type="date" required className={inputClass} />}
        </Field>
        <Field label={t('Zone')} error={errors.zoneId?.message}>
          {(a) => (
            <select {...a} {...register('zoneId')} className={inputClass}>
              <option value="">{t('All zones')}</option>
              {delivery.zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Reason')} error={errors.reason?.message} hint={t('For your staff, e.g. Diwali.')}>
          {(a) => <input {...a} {...register('reason')} className={inputClass} />}
        </Field>
        <div className="sm:pt-6">
          <button
            type="submit"
            disabled={formState.isSubmitting || !date}
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
