import { zodResolver } from '@hookform/resolvers/zod';
import { adminPincodesInputSchema, parsePincodes, type AdminZone } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { errorMessage } from '../../../lib/error-message';
import { useAddPincodes, useRemovePincode } from '../api/pincodes';
import { t } from '../../../lib/i18n';

type PincodesInput = z.input<typeof adminPincodesInputSchema>;

/**
 * The form's schema (for react-hook-form's zod resolver): the pasted text is the API's body, checked
 * by the shared contract and the shared pincode rule (parsePincodes), which names every piece that
 * is not a pincode.
 */
const pincodesFormSchema = z.object({ pincodes: z.string() }).superRefine((f, ctx) => {
  const checked = adminPincodesInputSchema.safeParse(f);
  if (!checked.success)
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['pincodes'], message: issue.message });
  const { invalid } = parsePincodes(f.pincodes);
  if (invalid.length)
    ctx.addIssue({
      code: 'custom',
      path: ['pincodes'],
      message: t('Not valid pincodes (6 digits, not starting with 0): {invalid}', { invalid: invalid.join(', ') }),
    });
});

/**
 * A zone's pincodes, and a box to paste many at once (a spreadsheet column, a comma list). Each
 * is checked by the shared pincode rule as it is typed; invalid ones are named and nothing is
 * sent until they are fixed. Added pincodes are served in the storefront at once.
 */
export function PincodeEditor({ zone }: { zone: AdminZone }) {
  const add = useAddPincodes(zone.id);
  const remove = useRemovePincode(zone.id);
  const id = useId();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<PincodesInput>({
    resolver: zodResolver(pincodesFormSchema),
    defaultValues: { pincodes: '' },
    // checked as it is typed: the pieces that are not pincodes are named at once
    mode: 'onChange',
  });
  const error = formState.errors.pincodes?.message;
  const parsed = parsePincodes(watch('pincodes'));
  const fresh = parsed.valid.filter((p) => !zone.pincodes.includes(p));
  const submit = handleSubmit(async ({ pincodes }) => {
    if (fresh.length === 0) return;
    try {
      const r = await add.mutateAsync(pincodes);
      reset({ pincodes: '' });
      toast.success(t('{added} pincode{added, plural, one {} other {s}} added to {name}', { added: r.added.length, name: zone.name }));
    } catch (e) {
      // the server's message is shown under the box (add.error); its field error in its place
      const message = e instanceof ApiError ? e.fieldErrors.pincodes?.[0] : undefined;
      if (message) setError('pincodes', { type: 'server', message });
    }
  });
  return (
    <div>
      {zone.pincodes.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No pincodes yet: nobody can order to this zone.')}</p>
      ) : (
        <ul aria-label={t('{name} pincodes', { name: zone.name })} className="flex flex-wrap gap-2">
          {zone.pincodes.map((p) => (
            <li key={p} className="inline-flex items-center gap-1 rounded-full border bg-gray-50 py-0.5 pl-3 pr-1 font-mono text-sm">
              {p}
              <button
                type="button"
                aria-label={t('Stop delivering to {p}', { p })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(p, {
                    onSuccess: () => toast.success(t('{p} removed from {name}', { p, name: zone.name })),
                    onError: (e) => toast.error(errorMessage(e)),
                  })
                }
                className="rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {t('Add pincodes')}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            id={id}
            {...register('pincodes', { onChange: () => add.reset() })}
            rows={2}
            spellCheck={false}
            placeholder={t('Paste one or many: 560001, 560002 or one a line')}
            aria-invalid={!!error}
            aria-describedby={`${id}-status`}
            className="block w-full rounded-md border px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600 sm:max-w-md"
          />
          <button
            type="submit"
            disabled={parsed.invalid.length > 0 || fresh.length === 0 || formState.isSubmitting}
            className="rounded-md border border-gray-900 px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {formState.isSubmitting
              ? t('Adding…')
              : t('Add {value} pincode{fresh, plural, one {} other {s}}', { value: fresh.length || '', fresh: fresh.length })}
          </button>
        </div>
        <p id={`${id}-status`} className="mt-1 text-xs" aria-live="polite">
          {error ? (
            <span className="text-red-700">{error}</span>
          ) : add.error ? (
            <span className="text-red-700">{errorMessage(add.error)}</span>
          ) : parsed.valid.length > fresh.length ? (
            <span className="text-gray-500">
              {parsed.valid.length - fresh.length} {t('already in this zone')}
            </span>
          ) : null}
        </p>
      </form>
    </div>
  );
}
