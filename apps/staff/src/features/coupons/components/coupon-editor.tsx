import { zodResolver } from '@hookform/resolvers/zod';
import { counted } from '@grocer/shared/labels';
import { adminCouponInputSchema, type AdminCoupon, type AdminCouponInput } from '@grocer/shared/admin-coupons';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR, toRupees } from '@grocer/shared/money';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useSaveCoupon } from '../api/save-coupon';
import { couponToForm, emptyCouponForm, formToCouponInput, type CouponForm } from '../coupon-form';
import { t } from '../../../lib/i18n';

/**
 * The form's schema (for react-hook-form's zod resolver): the rupees, percent and local times as
 * typed are converted to the API's paise, basis points and instants (formToCouponInput), that body
 * is checked by the shared contract (its messages shown at the form's fields, which have the
 * contract's names) and is the form's output, so the form sends what the server takes.
 */
const couponFormSchema = contractForm(
  z.object({
    code: z.string(),
    description: z.string(),
    kind: z.enum(['flat', 'percent']),
    value: z.string(),
    maxDiscount: z.string(),
    minOrder: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    usageLimit: z.string(),
    perCustomerLimit: z.string(),
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
    listed: z.boolean(),
  }),
  formToCouponInput,
  adminCouponInputSchema,
  'code',
);

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
  const save = useSaveCoupon(coupon?.id ?? null);
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<CouponForm, unknown, AdminCouponInput>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: coupon ? couponToForm(coupon) : emptyCouponForm,
  });
  const errors = formState.errors;
  const dirty = formState.isDirty;
  const created = !coupon && save.data ? save.data.id : null;
  // A new coupon moves to its own address once saved (after the render that made the form clean).
  useEffect(() => {
    if (created !== null && !dirty) void navigate(paths.coupon(created), { replace: true });
  }, [created, dirty, navigate]);

  const submit = handleSubmit(
    async (input) => {
      try {
        const result = await save.mutateAsync(input);
        reset(couponToForm(result));
        toast.success(coupon ? t('{code} saved', { code: result.code }) : t('{code} created', { code: result.code }));
      } catch (err) {
        if (err instanceof ApiError)
          for (const [wire, messages] of Object.entries(err.fieldErrors))
            if (messages[0] && wire in input) setError(wire as keyof CouponForm, { type: 'server', message: messages[0] });
        toast.error(errorMessage(err));
      }
    },
    () => toast.error(t('Please correct the highlighted fields.')),
  );

  const percent = watch('kind') === 'percent';
  return (
    <form onSubmit={submit} noValidate className="max-w-4xl">
      <LeaveGuard when={dirty && !formState.isSubmitting} />
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
            <Field label={t('Code')} error={errors.code?.message} hint={t('What shoppers type at checkout; letters, digits, - or _.')}>
              {(a) => <input {...a} {...register('code')} className={`${inputClass} font-mono uppercase`} autoComplete="off" />}
            </Field>
            <Field
              label={t('Description')}
              error={errors.description?.message}
              hint={t('For your staff; shoppers see the code and the discount.')}
            >
              {(a) => <input {...a} {...register('description')} className={inputClass} />}
            </Field>
            <fieldset>
              <legend className="block text-sm font-medium text-gray-700">{t('Discount type')}</legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(['flat', 'percent'] as const).map((k) => (
                  <label key={k} className="flex items-center gap-2">
                    <input type="radio" {...register('kind')} value={k} />
                    {k === 'flat' ? t('Fixed amount (₹)') : t('Percentage (%)')}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid grid-cols-2 gap-4">
              <Field label={percent ? t('Percent off') : t('Amount off (₹)')} error={errors.value?.message}>
                {(a) =>
                  percent ? (
                    <input
                      {...a}
                      {...register('value')}
                      type="number"
                      step="0.01"
                      min="0"
                      max="100"
                      inputMode="decimal"
                      className={inputClass}
                    />
                  ) : (
                    <input {...a} {...register('value')} {...rupeeInput} />
                  )
                }
              </Field>
              {percent && (
                <Field label={t('Up to (₹)')} error={errors.maxDiscount?.message} hint={t('Largest discount; empty for no cap.')}>
                  {(a) => <input {...a} {...register('maxDiscount')} {...rupeeInput} placeholder={t('No cap')} />}
                </Field>
              )}
            </div>
            <Field
              label={t('Minimum order (₹)')}
              error={errors.minOrder?.message}
              hint={t('Items total before delivery; 0 for any order.')}
            >
              {(a) => <input {...a} {...register('minOrder')} {...rupeeInput} />}
            </Field>
          </div>
        </Card>
        <Card title={t('When and how often')}>
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('Starts')} error={errors.startsAt?.message} hint={t('Empty: at once.')}>
                {(a) => <input {...a} {...register('startsAt')} type="datetime-local" className={inputClass} />}
              </Field>
              <Field label={t('Ends')} error={errors.endsAt?.message} hint={t('Empty: never.')}>
                {(a) => <input {...a} {...register('endsAt')} type="datetime-local" className={inputClass} />}
              </Field>
            </div>
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('Total uses')} error={errors.usageLimit?.message} hint={t('Across all shoppers.')}>
                {(a) => <input {...a} {...register('usageLimit')} {...countInput} />}
              </Field>
              <Field label={t('Uses per customer')} error={errors.perCustomerLimit?.message}>
                {(a) => <input {...a} {...register('perCustomerLimit')} {...countInput} />}
              </Field>
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" {...register('firstOrderOnly')} />
              <span>
                <span className="font-medium">{t('First order only')}</span>
                <span className="block text-xs text-gray-500">{t('Only shoppers who have not ordered before.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" {...register('active')} />
              <span>
                <span className="font-medium">{t('Active')}</span>
                <span className="block text-xs text-gray-500">{t('A paused coupon is refused as not valid.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" {...register('listed')} />
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
          disabled={formState.isSubmitting || (!!coupon && !dirty)}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {formState.isSubmitting ? t('Saving…') : coupon ? t('Save coupon') : t('Create coupon')}
        </button>
        <Link to={paths.coupons()} className="text-sm text-gray-600 hover:underline">
          {t('Cancel')}
        </Link>
      </div>
    </form>
  );
}
