import { counted } from '@grocer/shared/labels';
import { adminCouponInputSchema, type AdminCoupon } from '@grocer/shared/admin-coupons';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR, toRupees } from '@grocer/shared/money';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useSaveCoupon } from '../api/save-coupon';
import { couponToForm, emptyCouponForm, formToCouponInput, type CouponForm } from '../coupon-form';
import { t } from '../../../lib/i18n';

type Errors = Partial<Record<keyof CouponForm, string>>;

/** A money field in rupees with paise: the number keyboard on phones, never negative. */
const rupeeInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal', className: inputClass } as const;
const countInput = {
  type: 'number',
  step: '1',
  min: '1',
  inputMode: 'numeric',
  className: inputClass,
  placeholder: t('No limit'),
} as const;

/**
 * Creates or edits a coupon: every rule the cart enforces (coupon.ts `couponDiscount`). Checked
 * here with the server's own schema first, then by the server (a code the shop already has);
 * errors land at their fields, and leaving with unsaved changes asks first.
 */
export function CouponEditor({ coupon }: { coupon: AdminCoupon | null }) {
  const initial = coupon ? couponToForm(coupon) : emptyCouponForm;
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveCoupon(coupon?.id ?? null);
  const navigate = useNavigate();
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const created = !coupon && save.data ? save.data.id : null;
  // A new coupon moves to its own address once saved (after the render that made the form clean).
  useEffect(() => {
    if (created !== null && !dirty) void navigate(paths.coupon(created), { replace: true });
  }, [created, dirty, navigate]);
  const set =
    <K extends keyof CouponForm>(key: K) =>
    (value: CouponForm[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    };
  const text = (key: keyof CouponForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = formToCouponInput(form);
    const checked = adminCouponInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof CouponForm;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return toast.error(t('Please correct the highlighted fields.'));
    }
    try {
      const result = await save.mutateAsync(input);
      const next = couponToForm(result);
      setSaved(next);
      setForm(next);
      toast.success(coupon ? t('{code} saved', { code: result.code }) : t('{code} created', { code: result.code }));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 409) && Object.keys(err.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])) as Errors);
      }
      toast.error(errorMessage(err));
    }
  };

  const percent = form.kind === 'percent';
  return (
    <form onSubmit={submit} noValidate className="max-w-4xl">
      <LeaveGuard when={dirty && !save.isPending} />
      <Link to={paths.coupons()} className="mb-3 inline-flex items-center gap-1 text-sm text-gray-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t('Coupons')}
      </Link>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{coupon ? coupon.code : t('New coupon')}</h1>
        {coupon && (
          <p className="text-sm text-gray-600">
            {t('Used {uses} · {discountGiven} discount given', {
              uses: counted(coupon.uses, 'time'),
              discountGiven: formatINR(toRupees(coupon.discountGiven)),
            })}
          </p>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('Code and offer')}>
          <div className="space-y-4">
            <Field label={t('Code')} error={errors.code} hint={t('What shoppers type at checkout; letters, digits, - or _.')}>
              {(a) => <input {...a} {...text('code')} className={`${inputClass} font-mono uppercase`} autoComplete="off" />}
            </Field>
            <Field label={t('Description')} error={errors.description} hint={t('For your staff; shoppers see the code and the discount.')}>
              {(a) => <input {...a} {...text('description')} className={inputClass} />}
            </Field>
            <fieldset>
              <legend className="block text-sm font-medium text-gray-700">{t('Discount type')}</legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(['flat', 'percent'] as const).map((k) => (
                  <label key={k} className="flex items-center gap-2">
                    <input type="radio" name="kind" checked={form.kind === k} onChange={() => set('kind')(k)} />
                    {k === 'flat' ? t('Fixed amount (₹)') : t('Percentage (%)')}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid grid-cols-2 gap-4">
              <Field label={percent ? t('Percent off') : t('Amount off (₹)')} error={errors.value}>
                {(a) =>
                  percent ? (
                    <input
                      {...a}
                      {...text('value')}
                      type="number"
                      step="0.01"
                      min="0"
                      max="100"
                      inputMode="decimal"
                      className={inputClass}
                    />
                  ) : (
                    <input {...a} {...text('value')} {...rupeeInput} />
                  )
                }
              </Field>
              {percent && (
                <Field label={t('Up to (₹)')} error={errors.maxDiscount} hint={t('Largest discount; empty for no cap.')}>
                  {(a) => <input {...a} {...text('maxDiscount')} {...rupeeInput} placeholder={t('No cap')} />}
                </Field>
              )}
            </div>
            <Field label={t('Minimum order (₹)')} error={errors.minOrder} hint={t('Items total before delivery; 0 for any order.')}>
              {(a) => <input {...a} {...text('minOrder')} {...rupeeInput} />}
            </Field>
          </div>
        </Card>
        <Card title={t('When and how often')}>
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('Starts')} error={errors.startsAt} hint={t('Empty: at once.')}>
                {(a) => <input {...a} {...text('startsAt')} type="datetime-local" className={inputClass} />}
              </Field>
              <Field label={t('Ends')} error={errors.endsAt} hint={t('Empty: never.')}>
                {(a) => <input {...a} {...text('endsAt')} type="datetime-local" className={inputClass} />}
              </Field>
            </div>
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('Total uses')} error={errors.usageLimit} hint={t('Across all shoppers.')}>
                {(a) => <input {...a} {...text('usageLimit')} {...countInput} />}
              </Field>
              <Field label={t('Uses per customer')} error={errors.perCustomerLimit}>
                {(a) => <input {...a} {...text('perCustomerLimit')} {...countInput} />}
              </Field>
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={form.firstOrderOnly}
                onChange={(e) => set('firstOrderOnly')(e.target.checked)}
              />
              <span>
                <span className="font-medium">{t('First order only')}</span>
                <span className="block text-xs text-gray-500">{t('Only shoppers who have not ordered before.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={form.active} onChange={(e) => set('active')(e.target.checked)} />
              <span>
                <span className="font-medium">{t('Active')}</span>
                <span className="block text-xs text-gray-500">{t('A paused coupon is refused as not valid.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={form.listed} onChange={(e) => set('listed')(e.target.checked)} />
              <span>
                <span className="font-medium">{t('Show to shoppers')}</span>
                <span className="block text-xs text-gray-500">
                  {t('Listed in the cart\'s "Offers for you" and on the Offers page. Otherwise it works only when typed.')}
                </span>
              </span>
            </label>
          </div>
        </Card>
      </div>
      <div className="mt-6 flex items-center gap-3">
        <button
          type="submit"
          disabled={save.isPending || (!!coupon && !dirty)}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {save.isPending ? t('Saving…') : coupon ? t('Save coupon') : t('Create coupon')}
        </button>
        <Link to={paths.coupons()} className="text-sm text-gray-600 hover:underline">
          {t('Cancel')}
        </Link>
      </div>
    </form>
  );
}
