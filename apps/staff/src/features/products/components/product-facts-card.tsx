import type { AdminProductInput } from '@grocer/shared/admin-catalogue';
import { FOOD_TYPE_LABELS, FOOD_TYPES } from '@grocer/shared/food-types';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { t } from '../../../lib/i18n';

type Facts = Pick<AdminProductInput, 'facts'>;

/**
 * The editor's "Product facts" card (issue 39 §15): the food type mark, FSSAI licence,
 * ingredients and the nutrition table per 100 g/ml, checked by the shared schema
 * (`productFactsSchema`) as the server checks them; inside the editor's `FormProvider`.
 */
export function ProductFactsCard() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<Facts>();
  const rows = useFieldArray({ control, name: 'facts.nutrition' });
  const e = errors.facts;
  return (
    <Card title={t('Product facts')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('Food type')} error={e?.food_type?.message} hint={t('The mark shown beside the name')}>
          {(a) => (
            <select
              {...a}
              {...register('facts.food_type', { setValueAs: (v) => (v === '' || v === null ? null : v) })}
              className={inputClass}
            >
              <option value="">{t('Not said')}</option>
              {FOOD_TYPES.map((typeItem) => (
                <option key={typeItem} value={typeItem}>
                  {FOOD_TYPE_LABELS[typeItem]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('FSSAI licence number')} error={e?.fssai_licence?.message} hint={t('14 digits, as printed on the pack')}>
          {(a) => <input {...a} {...register('facts.fssai_licence')} inputMode="numeric" maxLength={14} className={inputClass} />}
        </Field>
        <Field label={t('Ingredients')} error={e?.ingredients?.message} className="sm:col-span-2">
          {(a) => <textarea {...a} {...register('facts.ingredients')} rows={3} className={inputClass} />}
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-gray-700">{t('Nutrition per 100 g or 100 ml')}</legend>
        {e?.nutrition?.message && <p className="mt-1 text-xs text-red-700">{e.nutrition.message}</p>}
        <ol className="mt-2 space-y-2">
          {rows.fields.map((f, i) => (
            <li key={f.id} className="grid grid-cols-[1fr_8rem_auto] items-start gap-2">
              <Field label={t('Nutrient {value}', { value: i + 1 })} error={e?.nutrition?.[i]?.nutrient?.message}>
                {(a) => <input {...a} {...register(`facts.nutrition.${i}.nutrient`)} placeholder={t('Protein')} className={inputClass} />}
              </Field>
              <Field label={t('Per 100')} error={e?.nutrition?.[i]?.per_100?.message}>
                {(a) => <input {...a} {...register(`facts.nutrition.${i}.per_100`)} placeholder={t('7 g')} className={inputClass} />}
              </Field>
              <button
                type="button"
                onClick={() => rows.remove(i)}
                aria-label={t('Remove nutrient {value}', { value: i + 1 })}
                className="mt-6 rounded border p-2 text-red-700 hover:bg-red-50"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => rows.append({ nutrient: '', per_100: '' })}
          className="mt-2 inline-flex items-center gap-1 rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50"
        >
          <Plus className="size-4" aria-hidden />
          {t('Add nutrient')}
        </button>
      </fieldset>
    </Card>
  );
}
