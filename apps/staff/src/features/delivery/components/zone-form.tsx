import { zodResolver } from '@hookform/resolvers/zod';
import { adminZoneInputSchema, type AdminDelivery, type AdminZone, type AdminZoneInput } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { toPaise, toRupees } from '@grocer/shared/money';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { contractForm } from '../../../lib/contract-form';
import { Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { errorMessage } from '../../../lib/error-message';
import { useSaveZone } from '../api/save-zone';
import { t } from '../../../lib/i18n';

interface ZoneForm {
  name: string;
  warehouseId: string;
  deliveryCharge: string;
  freeAbove: string;
  codAllowed: boolean;
  codMax: string;
  leadDays: string;
}

const rupees = (paise: number | null) => (paise === null ? '' : String(toRupees(paise)));
const paise = (v: string) => (v.trim() === '' ? null : toPaise(Number(v)));
const rupeeInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal', className: inputClass } as const;

const toForm = (z: AdminZone | null, warehouses: AdminDelivery['warehouses']): ZoneForm => ({
  name: z?.name ?? '',
  warehouseId: String(z?.warehouseId ?? warehouses[0]?.id ?? ''),
  deliveryCharge: z ? rupees(z.deliveryCharge) : '0',
  freeAbove: z ? rupees(z.freeAbove) : '',
  codAllowed: z?.codAllowed ?? true,
  codMax: z ? rupees(z.codMax) : '',
  leadDays: String(z?.leadDays ?? 0),
});
const toInput = (f: ZoneForm): AdminZoneInput => ({
  name: f.name,
  warehouseId: Number(f.warehouseId),
  deliveryCharge: paise(f.deliveryCharge) ?? 0,
  freeAbove: paise(f.freeAbove),
  codAllowed: f.codAllowed,
  codMax: f.codAllowed ? paise(f.codMax) : null,
  leadDays: Number(f.leadDays),
});

/**
 * The form's schema (for react-hook-form's zod resolver): the rupees as typed are converted to the
 * API's paise, that body is checked by the shared contract (its messages shown at the form's
 * fields, which have the contract's names) and is the form's output, so the form sends what the
 * server takes.
 */
const zoneFormSchema = contractForm(
  z.object({
    name: z.string(),
    warehouseId: z.string(),
    deliveryCharge: z.string(),
    freeAbove: z.string(),
    codAllowed: z.boolean(),
    codMax: z.string(),
    leadDays: z.string(),
  }),
  toInput,
  adminZoneInputSchema,
  'name',
);

/**
 * A zone's rules: its name and warehouse, the delivery charge and the items total from which
 * delivery is free, cash on delivery with its order ceiling, and how many days ahead the first
 * slot is. Rupees here, paise at the API; checked with the server's schema before sending.
 */
export function ZoneForm({
  zone,
  warehouses,
  onSaved,
}: {
  zone: AdminZone | null;
  warehouses: AdminDelivery['warehouses'];
  onSaved?: () => void;
}) {
  const save = useSaveZone(zone?.id ?? null);
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<ZoneForm, unknown, AdminZoneInput>({
    resolver: zodResolver(zoneFormSchema),
    defaultValues: toForm(zone, warehouses),
  });
  const errors = formState.errors;
  const dirty = formState.isDirty;
  const codAllowed = watch('codAllowed');
  const submit = handleSubmit(async (input) => {
    try {
      const result = await save.mutateAsync(input);
      reset(zone ? toForm(result, warehouses) : toForm(null, warehouses));
      toast.success(
        zone
          ? t('{name} saved', { name: result.name })
          : t('Zone {name} created. Add its pincodes and slots below.', { name: result.name }),
      );
      onSaved?.();
    } catch (e) {
      if (e instanceof ApiError)
        for (const [wire, messages] of Object.entries(e.fieldErrors))
          if (messages[0] && wire in input) setError(wire as keyof ZoneForm, { type: 'server', message: messages[0] });
      toast.error(errorMessage(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={zone ? t('{name} rules', { name: zone.name }) : t('New zone')}>
      {zone && <LeaveGuard when={dirty && !formState.isSubmitting} />}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Field label={t('Zone name')} error={errors.name?.message}>
          {(a) => <input {...a} {...register('name')} className={inputClass} />}
        </Field>
        <Field label={t('Ships from')} error={errors.warehouseId?.message}>
          {(a) => (
            <select {...a} {...register('warehouseId')} className={inputClass}>
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Delivery charge (₹)')} error={errors.deliveryCharge?.message}>
          {(a) => <input {...a} {...register('deliveryCharge')} {...rupeeInput} />}
        </Field>
        <Field label={t('Free delivery from (₹)')} error={errors.freeAbove?.message} hint={t('Items total; empty: never free.')}>
          {(a) => <input {...a} {...register('freeAbove')} {...rupeeInput} placeholder={t('Never free')} />}
        </Field>
        <div>
          <Field label={t('COD up to (₹)')} error={errors.codMax?.message} hint={t('Largest cash-on-delivery order; empty: any.')}>
            {(a) => <input {...a} {...register('codMax')} {...rupeeInput} disabled={!codAllowed} placeholder={t('Any amount')} />}
          </Field>
          <label className="mt-2 flex items-center gap-2 text-sm font-medium text-gray-700">
            <input type="checkbox" {...register('codAllowed')} />
            {t('Cash on delivery offered')}
          </label>
        </div>
        <Field label={t('First slot after (days)')} error={errors.leadDays?.message} hint={t('0: same day.')}>
          {(a) => <input {...a} {...register('leadDays')} type="number" min="0" max="30" step="1" className={inputClass} />}
        </Field>
        <div className="flex items-start pt-6">
          <button
            type="submit"
            disabled={formState.isSubmitting || (!!zone && !dirty)}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {formState.isSubmitting ? t('Saving…') : zone ? t('Save zone') : t('Create zone')}
          </button>
        </div>
      </div>
    </form>
  );
}
