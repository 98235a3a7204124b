import { adminZoneInputSchema, type AdminDelivery, type AdminZone, type AdminZoneInput } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { toPaise, toRupees } from '@grocer/shared/money';
import { useState } from 'react';
import { toast } from 'sonner';
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
type Errors = Partial<Record<keyof ZoneForm, string>>;

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
  const [saved, setSaved] = useState(() => toForm(zone, warehouses));
  const [form, setForm] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveZone(zone?.id ?? null);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const bind = (key: keyof ZoneForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      setErrors((x) => ({ ...x, [key]: undefined }));
    },
  });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = toInput(form);
    const checked = adminZoneInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof ZoneForm] ??= issue.message;
      return setErrors(found);
    }
    try {
      const result = await save.mutateAsync(input);
      const next = toForm(result, warehouses);
      setSaved(next);
      setForm(zone ? next : toForm(null, warehouses));
      toast.success(
        zone
          ? t('{name} saved', { name: result.name })
          : t('Zone {name} created. Add its pincodes and slots below.', { name: result.name }),
      );
      onSaved?.();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length)
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])) as Errors);
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={zone ? t('{name} rules', { name: zone.name }) : t('New zone')}>
      {zone && <LeaveGuard when={dirty && !save.isPending} />}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Field label={t('Zone name')} error={errors.name}>
          {(a) => <input {...a} {...bind('name')} className={inputClass} />}
        </Field>
        <Field label={t('Ships from')} error={errors.warehouseId}>
          {(a) => (
            <select {...a} {...bind('warehouseId')} className={inputClass}>
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('Delivery charge (₹)')} error={errors.deliveryCharge}>
          {(a) => <input {...a} {...bind('deliveryCharge')} {...rupeeInput} />}
        </Field>
        <Field label={t('Free delivery from (₹)')} error={errors.freeAbove} hint={t('Items total; empty: never free.')}>
          {(a) => <input {...a} {...bind('freeAbove')} {...rupeeInput} placeholder={t('Never free')} />}
        </Field>
        <div>
          <Field label={t('COD up to (₹)')} error={errors.codMax} hint={t('Largest cash-on-delivery order; empty: any.')}>
            {(a) => <input {...a} {...bind('codMax')} {...rupeeInput} disabled={!form.codAllowed} placeholder={t('Any amount')} />}
          </Field>
          <label className="mt-2 flex items-center gap-2 text-sm font-medium text-gray-700">
            <input type="checkbox" checked={form.codAllowed} onChange={(e) => setForm((f) => ({ ...f, codAllowed: e.target.checked }))} />
            {t('Cash on delivery offered')}
          </label>
        </div>
        <Field label={t('First slot after (days)')} error={errors.leadDays} hint={t('0: same day.')}>
          {(a) => <input {...a} {...bind('leadDays')} type="number" min="0" max="30" step="1" className={inputClass} />}
        </Field>
        <div className="flex items-start pt-6">
          <button
            type="submit"
            disabled={save.isPending || (!!zone && !dirty)}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {save.isPending ? t('Saving…') : zone ? t('Save zone') : t('Create zone')}
          </button>
        </div>
      </div>
    </form>
  );
}
