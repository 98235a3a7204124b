import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import {
  adminPromotionInputSchema,
  PROMOTION_KINDS,
  promotionSummary,
  type AdminPromotion,
  type AdminPromotionInput,
  type PromotionKind,
} from '@grocer/shared/promotions';
import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { get, useForm, type FieldError, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { PackPicker } from '../../../components/ui/pack-picker';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePromotionChoices, usePromotionPacks } from '../api/get-promotions';
import { useSavePromotion } from '../api/save-promotion';
import { emptyPromotionForm, formToPromotionInput, promotionToForm, type PackRef, type PromotionForm } from '../promotion-form';
import { t } from '../../../lib/i18n';

const KINDS: Array<[PromotionKind, string, string]> = [
  ['buy_x_get_y', 'Buy X get Y', 'e.g. buy 2 get 1 free, or buy 2 and get another pack at 50% off'],
  ['combo', 'Combo', 'a set of packs bought together at a fixed price'],
  ['cart', 'Cart discount', 'spend at least ₹X, get ₹Y or Z% off'],
];
const rupeeInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal', className: inputClass } as const;
const countInput = { type: 'number', step: '1', min: '1', inputMode: 'numeric', className: inputClass } as const;

/**
 * The form's schema (for react-hook-form's zod resolver): the fields as typed (rupees, percents,
 * local times, the packs chosen) are turned into the API's rule (formToPromotionInput), that body is
 * checked by the shared contract, its messages kept at the contract's paths (`rule.buyQuantity`,
 * `rule.items`…: each field shows the one about it), and is the form's output.
 */
const promotionFormSchema = contractForm(
  z.object({
    name: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    startsAt: z.string(),
    endsAt: z.string(),
    active: z.boolean(),
    targetType: z.enum(['pack', 'category', 'brand']),
    targetPacks: z.array(z.custom<PackRef>()),
    categoryId: z.string(),
    brandId: z.string(),
    buyQuantity: z.string(),
    getQuantity: z.string(),
    getPack: z.custom<PackRef>().nullable(),
    percentOff: z.string(),
    comboItems: z.array(z.custom<PackRef & { quantity: string }>()),
    comboPrice: z.string(),
    minSpend: z.string(),
    offType: z.enum(['flat', 'percent']),
    offValue: z.string(),
    cap: z.string(),
  }),
  formToPromotionInput,
  adminPromotionInputSchema,
  'name',
);

/** Every message in the form's errors, once each, in order (the list above the buttons). */
function messagesIn(errors: FieldErrors, out = new Set<string>()): string[] {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    if ('type' in error) {
      if (typeof error.message === 'string' && error.message) out.add(error.message);
    } else messagesIn(error as FieldErrors, out);
  }
  return [...out];
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-1 rounded-full border bg-gray-50 py-0.5 pr-1 pl-3 text-sm">
      {label}
      <button type="button" onClick={onRemove} className="rounded-full p-0.5 hover:bg-gray-200" aria-label={t('Remove {label}', { label })}>
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}

/**
 * Creates or edits an automatic promotion of any kind. Checked here with the server's own schema
 * first, then by the server (packs of this shop, a combo cheaper than its packs); each message
 * shows at its field and all of them above the buttons, and leaving with unsaved changes asks first.
 */
export function PromotionEditor({ promotion }: { promotion: AdminPromotion | null }) {
  const save = useSavePromotion(promotion?.id ?? null);
  const choices = usePromotionChoices();
  const navigate = useNavigate();
  const formId = useId();
  const { register, handleSubmit, formState, setError, setValue, clearErrors, reset, watch } = useForm<
    PromotionForm,
    unknown,
    AdminPromotionInput
  >({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: promotion ? promotionToForm(promotion) : emptyPromotionForm,
  });
  const form = watch();
  const errors = formState.errors;
  const dirty = formState.isDirty;
  const created = !promotion && save.data ? save.data.id : null;
  useEffect(() => {
    if (created !== null && !dirty) void navigate(paths.promotion(created), { replace: true });
  }, [created, dirty, navigate]);
  // any change takes the messages away (the field changed is checked again at once)
  const changed = { onChange: () => clearErrors() };
  const text = (key: keyof PromotionForm) => register(key, changed);
  const set = <K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) => {
    setValue(key, value as never, { shouldDirty: true });
    clearErrors();
  };
  /** The message about the contract's `path` (a field's own), if any. */
  const errorAt = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  const messages = messagesIn(errors);
  // what it gives, in words, as soon as the rule is whole
  const checked = adminPromotionInputSchema.safeParse(formToPromotionInput(form));

  const submit = handleSubmit(
    async (input) => {
      try {
        const result = await save.mutateAsync(input);
        reset(promotionToForm(result));
        toast.success(promotion ? t('{name} saved', { name: result.name }) : t('{name} created', { name: result.name }));
      } catch (err) {
        if (err instanceof ApiError)
          for (const [path, list] of Object.entries(err.fieldErrors))
            if (list[0]) setError(path as Path<PromotionForm>, { type: 'server', message: list[0] });
        toast.error(errorMessage(err));
      }
    },
    () => toast.error(t('Please correct the promotion.')),
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-4xl">
      <LeaveGuard when={dirty && !formState.isSubmitting} />
      <Link to={paths.promotions()} className="mb-3 inline-flex items-center gap-1 text-sm text-gray-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t('Promotions')}
      </Link>
      <h1 className="mb-6 text-2xl font-semibold">{promotion ? promotion.name : t('New promotion')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('What it gives')}>
          <div className="space-y-4">
            <Field label={t('Name')} error={errorAt('name')} hint={t('Shoppers see it beside the discount, e.g. “Buy 2 get 1 free”.')}>
              {(a) => <input {...a} {...text('name')} className={inputClass} maxLength={80} />}
            </Field>
            <fieldset>
              <legend className="block text-sm font-medium text-gray-700">{t('Kind')}</legend>
              <div className="mt-1 space-y-2 text-sm">
                {KINDS.map(([k, label, hint]) => (
                  <label key={k} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="kind"
                      className="mt-1"
                      checked={form.kind === k}
                      onChange={() => set('kind', k)}
                      disabled={!!promotion}
                    />
                    <span>
                      <span className="font-medium">{label}</span>
                      <span className="block text-xs text-gray-500">{hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {checked.success && (
              <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{promotionSummary(checked.data.rule)}</p>
            )}
          </div>
        </Card>

        {form.kind === 'buy_x_get_y' && (
          <Card title={t('Buy X get Y')}>
            <div className="space-y-4">
              <fieldset>
                <legend className="block text-sm font-medium text-gray-700">{t('Bought from')}</legend>
                <div className="mt-1 flex flex-wrap gap-4 text-sm">
                  {(['pack', 'category', 'brand'] as const).map((valueItem) => (
                    <label key={valueItem} className="flex items-center gap-2">
                      <input type="radio" {...text('targetType')} value={valueItem} />
                      {valueItem === 'pack' ? t('Packs') : valueItem === 'category' ? t('A category') : t('A brand')}
                    </label>
                  ))}
                </div>
              </fieldset>
              {form.targetType === 'pack' && (
                <>
                  <PackPicker
                    label={t('Add a pack')}
                    useMatches={usePromotionPacks}
                    exclude={form.targetPacks.map((p) => p.id)}
                    onPick={(p) => set('targetPacks', [...form.targetPacks, { id: p.id, label: p.label }])}
                  />
                  <ul className="flex flex-wrap gap-2" aria-label={t('Packs bought')}>
                    {form.targetPacks.map((p) => (
                      <Chip
                        key={p.id}
                        label={p.label}
                        onRemove={() =>
                          set(
                            'targetPacks',
                            form.targetPacks.filter((x) => x.id !== p.id),
                          )
                        }
                      />
                    ))}
                  </ul>
                  {errorAt('rule.buy.packIds') && <p className="text-xs text-red-700">{errorAt('rule.buy.packIds')}</p>}
                </>
              )}
              {form.targetType === 'category' && (
                <Field label={t('Category')} error={errorAt('rule.buy.categoryId')}>
                  {(a) => (
                    <select {...a} {...text('categoryId')} className={inputClass}>
                      <option value="">{t('Choose…')}</option>
                      {choices.data?.categories.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              {form.targetType === 'brand' && (
                <Field label={t('Brand')} error={errorAt('rule.buy.brandId')}>
                  {(a) => (
                    <select {...a} {...text('brandId')} className={inputClass}>
                      <option value="">{t('Choose…')}</option>
                      {choices.data?.brands.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              <div className="grid grid-cols-3 gap-3">
                <Field label={t('Buy')} error={errorAt('rule.buyQuantity')}>
                  {(a) => <input {...a} {...text('buyQuantity')} {...countInput} />}
                </Field>
                <Field label={t('Get')} error={errorAt('rule.getQuantity')}>
                  {(a) => <input {...a} {...text('getQuantity')} {...countInput} />}
                </Field>
                <Field label={t('% off')} error={errorAt('rule.percentOff')} hint={t('100: free')}>
                  {(a) => <input {...a} {...text('percentOff')} {...countInput} max="100" />}
                </Field>
              </div>
              <fieldset>
                <legend className="block text-sm font-medium text-gray-700">{t('The items discounted')}</legend>
                <div className="mt-1 space-y-2 text-sm">
                  <label className="flex items-center gap-2">
                    <input type="radio" name="get" checked={form.getPack === null} onChange={() => set('getPack', null)} />
                    {t('The cheapest of those bought')}
                  </label>
                  {form.getPack ? (
                    <ul className="flex flex-wrap gap-2" aria-label={t('Pack discounted')}>
                      <Chip label={form.getPack.label} onRemove={() => set('getPack', null)} />
                    </ul>
                  ) : (
                    <PackPicker
                      label={t('Or another pack')}
                      useMatches={usePromotionPacks}
                      onPick={(p) => set('getPack', { id: p.id, label: p.label })}
                    />
                  )}
                </div>
              </fieldset>
            </div>
          </Card>
        )}

        {form.kind === 'combo' && (
          <Card title={t('Combo')}>
            <div className="space-y-4">
              <PackPicker
                label={t('Add a pack to the combo')}
                useMatches={usePromotionPacks}
                exclude={form.comboItems.map((p) => p.id)}
                onPick={(p) => set('comboItems', [...form.comboItems, { id: p.id, label: p.label, quantity: '1' }])}
              />
              <ul className="space-y-2" aria-label={t('Packs in the combo')}>
                {form.comboItems.map((item, i) => {
                  const quantityError = errorAt(`rule.items.${i}.quantity`);
                  const errorId = `${formId}-item-${item.id}-error`;
                  return (
                    <li key={item.id} className="flex items-center gap-2 text-sm">
                      <input
                        aria-label={t('Quantity of {label}', { label: item.label })}
                        aria-invalid={!!quantityError}
                        aria-describedby={quantityError ? errorId : undefined}
                        {...countInput}
                        className={`${inputClass} mt-0 w-20`}
                        value={item.quantity}
                        onChange={(e) =>
                          set(
                            'comboItems',
                            form.comboItems.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)),
                          )
                        }
                      />
                      <span className="flex-1">
                        × {item.label}
                        {quantityError && (
                          <span id={errorId} className="block text-xs text-red-700">
                            {quantityError}
                          </span>
                        )}
                      </span>
                      <button
                        type="button"
                        onClick={() =>
                          set(
                            'comboItems',
                            form.comboItems.filter((x) => x.id !== item.id),
                          )
                        }
                        className="text-xs text-red-700 hover:underline"
                      >
                        {t('Remove')}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {errorAt('rule.items') && <p className="text-xs text-red-700">{errorAt('rule.items')}</p>}
              <Field
                label={t('Combo price (₹)')}
                error={errorAt('rule.pricePaise')}
                hint={t('For the whole set; less than the packs cost apart.')}
              >
                {(a) => <input {...a} {...text('comboPrice')} {...rupeeInput} />}
              </Field>
            </div>
          </Card>
        )}

        {form.kind === 'cart' && (
          <Card title={t('Cart discount')}>
            <div className="space-y-4">
              <Field
                label={t('Minimum spend (₹)')}
                error={errorAt('rule.minPaise')}
                hint={t('The items, after other promotions, before delivery.')}
              >
                {(a) => <input {...a} {...text('minSpend')} {...rupeeInput} />}
              </Field>
              <fieldset>
                <legend className="block text-sm font-medium text-gray-700">{t('Discount')}</legend>
                <div className="mt-1 flex gap-4 text-sm">
                  {(['flat', 'percent'] as const).map((k) => (
                    <label key={k} className="flex items-center gap-2">
                      <input type="radio" {...text('offType')} value={k} />
                      {k === 'flat' ? t('Fixed amount (₹)') : t('Percentage (%)')}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="grid grid-cols-2 gap-4">
                <Field
                  label={form.offType === 'flat' ? t('Amount off (₹)') : t('Percent off')}
                  error={errorAt('rule.flatPaise') ?? errorAt('rule.percentBp')}
                >
                  {(a) => <input {...a} {...text('offValue')} {...rupeeInput} />}
                </Field>
                {form.offType === 'percent' && (
                  <Field label={t('Up to (₹)')} error={errorAt('rule.capPaise')} hint={t('Empty: no cap.')}>
                    {(a) => <input {...a} {...text('cap')} {...rupeeInput} placeholder={t('No cap')} />}
                  </Field>
                )}
              </div>
            </div>
          </Card>
        )}

        <Card title={t('When')}>
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('Starts')} error={errorAt('startsAt')} hint={t('Empty: at once.')}>
                {(a) => <input {...a} {...text('startsAt')} type="datetime-local" className={inputClass} />}
              </Field>
              <Field label={t('Ends')} error={errorAt('endsAt')} hint={t('Empty: never.')}>
                {(a) => <input {...a} {...text('endsAt')} type="datetime-local" className={inputClass} />}
              </Field>
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" {...text('active')} />
              <span>
                <span className="font-medium">{t('Active')}</span>
                <span className="block text-xs text-gray-500">{t('A paused promotion is not applied to any cart.')}</span>
              </span>
            </label>
          </div>
        </Card>
      </div>
      {messages.length > 0 && (
        <ul role="alert" className="mt-6 list-disc rounded-md border border-red-200 bg-red-50 py-2 pr-3 pl-8 text-sm text-red-800">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex items-center gap-3">
        <button
          type="submit"
          disabled={formState.isSubmitting || (!!promotion && !dirty)}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {formState.isSubmitting ? t('Saving…') : promotion ? t('Save promotion') : t('Create promotion')}
        </button>
        <Link to={paths.promotions()} className="text-sm text-gray-600 hover:underline">
          {t('Cancel')}
        </Link>
      </div>
    </form>
  );
}
