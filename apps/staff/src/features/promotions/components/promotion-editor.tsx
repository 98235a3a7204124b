import { ApiError } from '@grocer/shared/api-client';
import { adminPromotionInputSchema, promotionSummary, type AdminPromotion, type PromotionKind } from '@grocer/shared/promotions';
import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { PackPicker } from '../../../components/ui/pack-picker';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePromotionChoices, usePromotionPacks } from '../api/get-promotions';
import { useSavePromotion } from '../api/save-promotion';
import { emptyPromotionForm, formToPromotionInput, promotionToForm, type PromotionForm } from '../promotion-form';
import { t } from '../../../lib/i18n';

const KINDS: Array<[PromotionKind, string, string]> = [
  ['buy_x_get_y', 'Buy X get Y', 'e.g. buy 2 get 1 free, or buy 2 and get another pack at 50% off'],
  ['combo', 'Combo', 'a set of packs bought together at a fixed price'],
  ['cart', 'Cart discount', 'spend at least ₹X, get ₹Y or Z% off'],
];
const rupeeInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal', className: inputClass } as const;
const countInput = { type: 'number', step: '1', min: '1', inputMode: 'numeric', className: inputClass } as const;

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
 * first, then by the server (packs of this shop, a combo cheaper than its packs); every message
 * shows above the buttons, and leaving with unsaved changes asks first.
 */
export function PromotionEditor({ promotion }: { promotion: AdminPromotion | null }) {
  const initial = promotion ? promotionToForm(promotion) : emptyPromotionForm;
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSavePromotion(promotion?.id ?? null);
  const choices = usePromotionChoices();
  const navigate = useNavigate();
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const created = !promotion && save.data ? save.data.id : null;
  useEffect(() => {
    if (created !== null && !dirty) void navigate(paths.promotion(created), { replace: true });
  }, [created, dirty, navigate]);
  const set = <K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors([]);
  };
  const text = (key: keyof PromotionForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  const input = formToPromotionInput(form);
  const checked = adminPromotionInputSchema.safeParse(input);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!checked.success) {
      setErrors([...new Set(checked.error.issues.map((i) => i.message))]);
      return toast.error(t('Please correct the promotion.'));
    }
    setErrors([]);
    try {
      const result = await save.mutateAsync(input);
      const next = promotionToForm(result);
      setSaved(next);
      setForm(next);
      toast.success(promotion ? t('{name} saved', { name: result.name }) : t('{name} created', { name: result.name }));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(Object.values(err.fieldErrors).flat());
      toast.error(errorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-4xl">
      <LeaveGuard when={dirty && !save.isPending} />
      <Link to={paths.promotions()} className="mb-3 inline-flex items-center gap-1 text-sm text-gray-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t('Promotions')}
      </Link>
      <h1 className="mb-6 text-2xl font-semibold">{promotion ? promotion.name : t('New promotion')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('What it gives')}>
          <div className="space-y-4">
            <Field label={t('Name')} hint={t('Shoppers see it beside the discount, e.g. “Buy 2 get 1 free”.')}>
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
                      <input
                        type="radio"
                        name="target"
                        checked={form.targetType === valueItem}
                        onChange={() => set('targetType', valueItem)}
                      />
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
                </>
              )}
              {form.targetType === 'category' && (
                <Field label={t('Category')}>
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
                <Field label={t('Brand')}>
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
                <Field label={t('Buy')}>{(a) => <input {...a} {...text('buyQuantity')} {...countInput} />}</Field>
                <Field label={t('Get')}>{(a) => <input {...a} {...text('getQuantity')} {...countInput} />}</Field>
                <Field label={t('% off')} hint={t('100: free')}>
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
                {form.comboItems.map((item, i) => (
                  <li key={item.id} className="flex items-center gap-2 text-sm">
                    <input
                      aria-label={t('Quantity of {label}', { label: item.label })}
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
                    <span className="flex-1">× {item.label}</span>
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
                ))}
              </ul>
              <Field label={t('Combo price (₹)')} hint={t('For the whole set; less than the packs cost apart.')}>
                {(a) => <input {...a} {...text('comboPrice')} {...rupeeInput} />}
              </Field>
            </div>
          </Card>
        )}

        {form.kind === 'cart' && (
          <Card title={t('Cart discount')}>
            <div className="space-y-4">
              <Field label={t('Minimum spend (₹)')} hint={t('The items, after other promotions, before delivery.')}>
                {(a) => <input {...a} {...text('minSpend')} {...rupeeInput} />}
              </Field>
              <fieldset>
                <legend className="block text-sm font-medium text-gray-700">{t('Discount')}</legend>
                <div className="mt-1 flex gap-4 text-sm">
                  {(['flat', 'percent'] as const).map((k) => (
                    <label key={k} className="flex items-center gap-2">
                      <input type="radio" name="off" checked={form.offType === k} onChange={() => set('offType', k)} />
                      {k === 'flat' ? t('Fixed amount (₹)') : t('Percentage (%)')}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="grid grid-cols-2 gap-4">
                <Field label={form.offType === 'flat' ? t('Amount off (₹)') : t('Percent off')}>
                  {(a) => <input {...a} {...text('offValue')} {...rupeeInput} />}
                </Field>
                {form.offType === 'percent' && (
                  <Field label={t('Up to (₹)')} hint={t('Empty: no cap.')}>
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
              <Field label={t('Starts')} hint={t('Empty: at once.')}>
                {(a) => <input {...a} {...text('startsAt')} type="datetime-local" className={inputClass} />}
              </Field>
              <Field label={t('Ends')} hint={t('Empty: never.')}>
                {(a) => <input {...a} {...text('endsAt')} type="datetime-local" className={inputClass} />}
              </Field>
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
              <span>
                <span className="font-medium">{t('Active')}</span>
                <span className="block text-xs text-gray-500">{t('A paused promotion is not applied to any cart.')}</span>
              </span>
            </label>
          </div>
        </Card>
      </div>
      {errors.length > 0 && (
        <ul role="alert" className="mt-6 list-disc rounded-md border border-red-200 bg-red-50 py-2 pr-3 pl-8 text-sm text-red-800">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex items-center gap-3">
        <button
          type="submit"
          disabled={save.isPending || (!!promotion && !dirty)}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {save.isPending ? t('Saving…') : promotion ? t('Save promotion') : t('Create promotion')}
        </button>
        <Link to={paths.promotions()} className="text-sm text-gray-600 hover:underline">
          {t('Cancel')}
        </Link>
      </div>
    </form>
  );
}
