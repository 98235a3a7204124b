import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminProductOptions } from '@grocer/shared/admin-catalogue';
import { adminProductCreateSchema, type AdminProductCreate } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { slugify } from '@grocer/shared/slug';
import { ArrowLeft, Plus } from 'lucide-react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { RichText } from '../../../components/ui/rich-text';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCreateProduct } from '../api/create-product';
import { OrganisationCard, PackFields, StatusField, TaxCard } from './product-classification';
import { t } from '../../../lib/i18n';

type FormValues = z.input<typeof adminProductCreateSchema>;

const emptyPack = (position: number) => ({
  name: '',
  sku: '',
  barcode: '',
  price: Number.NaN,
  act_price: Number.NaN,
  position,
  sold_by_weight: false,
  plu: '',
  step_grams: 500,
});

/**
 * A new product: name (the slug is made from it unless given), organisation, description, tax and
 * at least one pack. Saved as a draft unless chosen otherwise; then the full editor opens.
 */
export function ProductCreate({ options }: { options: AdminProductOptions }) {
  const navigate = useNavigate();
  const form = useForm<FormValues, unknown, AdminProductCreate>({
    resolver: zodResolver(adminProductCreateSchema),
    defaultValues: {
      name: '',
      slug: '',
      status: 'draft',
      brand_id: null,
      category_id: null,
      category_ids: [],
      description: '',
      seo_title: '',
      seo_description: '',
      hsn_code: '',
      gst_rate: 5,
      packs: [emptyPack(0)],
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const packs = useFieldArray({ control, name: 'packs', keyName: 'key' });
  const create = useCreateProduct();
  const errors = formState.errors;
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });

  const save = handleSubmit(async (values) => {
    try {
      const saved = await create.mutateAsync({ ...values, packs: values.packs.map((k, position) => ({ ...k, position })) });
      form.reset(form.getValues()); // not dirty: leaving for the editor asks nothing
      toast.success(t('{name} created', { name: saved.name }));
      void navigate(paths.product(saved.id), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        for (const [field, messages] of Object.entries(e.fieldErrors))
          setError((field === 'packs' ? 'packs.root' : field) as Path<FormValues>, { type: 'server', message: messages[0] });
        return toast.error(t('Please correct the highlighted fields.'));
      }
      toast.error(errorMessage(e));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-label={t('New product')}>
        <LeaveGuard when={formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful} />
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Link to={paths.products()} className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="size-4" aria-hidden />
            {t('Products')}
          </Link>
          <h1 className="flex-1 text-xl font-semibold">{t('New product')}</h1>
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50"
          >
            {formState.isSubmitting ? t('Creating…') : t('Create product')}
          </button>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6">
            <Card title={t('Details')}>
              <div className="space-y-4">
                <Field label={t('Name')} error={errors.name?.message}>
                  {(a) => <input {...a} {...register('name')} className={inputClass} placeholder={t('Toor Dal')} />}
                </Field>
                <Field
                  label={t('Slug')}
                  error={errors.slug?.message}
                  hint={t("The product's address: /products/{value} (made from the name when left empty, unique in the shop)", {
                    value: slug || slugify(name ?? '') || '…',
                  })}
                >
                  {(a) => <input {...a} {...register('slug')} className={inputClass} placeholder={slugify(name ?? '')} />}
                </Field>
                <Field
                  label={t('Description')}
                  error={errors.description?.message}
                  hint={t('Paragraphs, bold, italics, headings, lists and links.')}
                >
                  {(a) => (
                    <Controller
                      control={control}
                      name="description"
                      render={({ field }) => (
                        <RichText
                          id={a.id}
                          label={t('Description')}
                          value={field.value}
                          onChange={field.onChange}
                          invalid={a['aria-invalid']}
                          describedBy={a['aria-describedby']}
                        />
                      )}
                    />
                  )}
                </Field>
              </div>
            </Card>
            <Card title={t('Packs')}>
              {(errors.packs?.root?.message || errors.packs?.message) && (
                <p role="alert" className="mb-3 text-sm text-red-700">
                  {errors.packs?.root?.message ?? errors.packs?.message}
                </p>
              )}
              <ol className="space-y-4">
                {packs.fields.map((f, i) => {
                  return (
                    <li key={f.key} className="rounded-md border p-4" aria-label={t('Pack {value}', { value: i + 1 })}>
                      <div className="mb-3 flex items-center">
                        <h3 className="flex-1 text-sm font-semibold">
                          {t('Pack')} {i + 1}
                        </h3>
                        {packs.fields.length > 1 && (
                          <button
                            type="button"
                            onClick={() => packs.remove(i)}
                            className="rounded border px-2 py-1 text-xs text-red-700 hover:bg-red-50"
                          >
                            {t('Remove pack')} {i + 1}
                          </button>
                        )}
                      </div>
                      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
                        <PackFields index={i} barcodeHint={t('EAN-13, EAN-8 or UPC; optional')} />
                      </div>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                onClick={() => packs.append(emptyPack(packs.fields.length))}
                className="mt-4 inline-flex items-center gap-1 rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50"
              >
                <Plus className="size-4" aria-hidden />
                {t('Add pack')}
              </button>
            </Card>
          </div>
          <div className="space-y-6">
            <Card title={t('Status')}>
              <StatusField hint={t('A draft is not on the shop until you activate it.')} />
            </Card>
            <OrganisationCard options={options} />
            <TaxCard />
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
