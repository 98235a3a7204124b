import { GST_RATES, PRODUCT_STATUSES, type AdminProductOptions, type ProductStatus } from '@grocer/shared/admin-catalogue';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { FurtherCategories } from './further-categories';
import { STATUS_LABEL } from './status-badge';
import { t } from '../../../lib/i18n';

/** The fields the new-product screen and the product editor share here (same names in both forms). */
interface Classification {
  status: ProductStatus;
  packs: Array<{
    name: string;
    sku: string;
    barcode: string;
    price: number;
    act_price: number;
    sold_by_weight?: boolean;
    plu?: string;
    step_grams?: number;
  }>;
  category_id: number | null;
  category_ids?: number[];
  brand_id: number | null;
  hsn_code: string;
  gst_rate: number;
}

const nullableId = (v: unknown) => (v === '' || v === null ? null : Number(v));

/** Category, further categories and brand; inside the form's `FormProvider`. */
export function OrganisationCard({ options }: { options: AdminProductOptions }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<Classification>();
  return (
    <Card title={t('Organisation')}>
      <div className="space-y-4">
        <Field label={t('Category')} error={errors.category_id?.message}>
          {(a) => (
            <select {...a} {...register('category_id', { setValueAs: nullableId })} className={inputClass}>
              <option value="">{t('No category')}</option>
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {'\u00a0\u00a0'.repeat(c.depth)}
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Controller
          control={control}
          name="category_ids"
          render={({ field }) => (
            <FurtherCategories
              options={options.categories}
              value={field.value ?? []}
              onChange={field.onChange}
              error={errors.category_ids?.message ?? errors.category_ids?.root?.message}
            />
          )}
        />
        <Field label={t('Brand')} error={errors.brand_id?.message}>
          {(a) => (
            <select {...a} {...register('brand_id', { setValueAs: nullableId })} className={inputClass}>
              <option value="">{t('No brand')}</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Card>
  );
}

/** HSN code and GST rate; inside the form's `FormProvider`. */
export function TaxCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<Classification>();
  return (
    <Card title={t('Tax')}>
      <div className="space-y-4">
        <Field label={t('HSN code')} error={errors.hsn_code?.message} hint={t('4, 6 or 8 digits')}>
          {(a) => <input {...a} {...register('hsn_code')} inputMode="numeric" className={inputClass} />}
        </Field>
        <Field label={t('GST rate')} error={errors.gst_rate?.message} hint={t('Prices include GST')}>
          {(a) => (
            <select {...a} {...register('gst_rate', { valueAsNumber: true })} className={inputClass}>
              {GST_RATES.map((r) => (
                <option key={r} value={r}>
                  {r}%
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Card>
  );
}

const rupeeInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal', className: inputClass } as const;

/**
 * A pack's name, SKU, barcode, price and MRP (the i-th of the form's packs); inside the
 * `FormProvider`. "Sold by weight" makes it a loose good: its price and MRP are per kg, and it
 * takes the PLU its scale labels carry.
 */
export function PackFields({ index: i, barcodeHint }: { index: number; barcodeHint: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<Classification>();
  const e = errors.packs?.[i];
  const weighed = useWatch({ control, name: `packs.${i}.sold_by_weight` }) === true;
  const per = weighed ? ' per kg' : '';
  return (
    <>
      <Field label={t('Pack {value} name', { value: i + 1 })} error={e?.name?.message}>
        {(a) => <input {...a} {...register(`packs.${i}.name`)} placeholder={t('500 g')} className={inputClass} />}
      </Field>
      <Field label={t('Pack {value} SKU', { value: i + 1 })} error={e?.sku?.message}>
        {(a) => <input {...a} {...register(`packs.${i}.sku`)} className={`${inputClass} uppercase`} />}
      </Field>
      <Field label={t('Pack {value} barcode', { value: i + 1 })} error={e?.barcode?.message} hint={barcodeHint}>
        {(a) => <input {...a} {...register(`packs.${i}.barcode`)} inputMode="numeric" className={inputClass} />}
      </Field>
      <div className="col-span-full">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-700">
          <input type="checkbox" {...register(`packs.${i}.sold_by_weight`)} className="size-4" />
          {t('Pack')} {i + 1} {t('sold by weight')}
        </label>
        <p className="text-xs text-gray-500">
          {weighed
            ? t('Weighed at the counter and sold online in steps: priced per kg, stock counted in grams.')
            : t('Loose goods weighed at the counter (tomatoes, onions, loose dal).')}
        </p>
        {e?.sold_by_weight?.message && <p className="text-sm text-red-700">{e.sold_by_weight.message}</p>}
      </div>
      <Field label={t('Pack {value} price{per} (₹)', { value: i + 1, per })} error={e?.price?.message}>
        {(a) => <input {...a} {...register(`packs.${i}.price`, { valueAsNumber: true })} {...rupeeInput} />}
      </Field>
      <Field label={t('Pack {value} MRP{per} (₹)', { value: i + 1, per })} error={e?.act_price?.message}>
        {(a) => <input {...a} {...register(`packs.${i}.act_price`, { valueAsNumber: true })} {...rupeeInput} />}
      </Field>
      {weighed && (
        <Field
          label={t('Pack {value} online step (g)', { value: i + 1 })}
          error={e?.step_grams?.message}
          hint={t('What one tap of Add adds in the shop, e.g. 250, 500 or 1000')}
        >
          {(a) => (
            <input
              {...a}
              {...register(`packs.${i}.step_grams`, { valueAsNumber: true })}
              type="number"
              min={1}
              max={10000}
              step={1}
              inputMode="numeric"
              className={inputClass}
            />
          )}
        </Field>
      )}
      {weighed && (
        <Field
          label={t('Pack {value} scale PLU', { value: i + 1 })}
          error={e?.plu?.message}
          hint={t('5 digits, as keyed into the label-printing scale; optional')}
        >
          {(a) => <input {...a} {...register(`packs.${i}.plu`)} inputMode="numeric" maxLength={5} className={inputClass} />}
        </Field>
      )}
    </>
  );
}

/** The product's status (draft, active, archived); inside the `FormProvider`. */
export function StatusField({ hint }: { hint: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<Classification>();
  return (
    <Field label={t('Status')} error={errors.status?.message} hint={hint}>
      {(a) => (
        <select {...a} {...register('status')} className={inputClass}>
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
