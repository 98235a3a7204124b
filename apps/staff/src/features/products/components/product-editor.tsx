import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminProductInputSchema,
  productToInput,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductOptions,
} from '@grocer/shared/admin-catalogue';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { imageUrl } from '@grocer/shared/image';
import { formatINR } from '@grocer/shared/money';
import { slugify } from '@grocer/shared/slug';
import { ArrowDown, ArrowLeft, ArrowUp, ExternalLink, Plus } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { RichText } from '../../../components/ui/rich-text';
import { DeleteProduct } from './delete-product';
import { OrganisationCard, PackFields, StatusField, TaxCard } from './product-classification';
import { paths } from '../../../lib/paths';
import { useUpdateProduct } from '../api/update-product';
import { ProductImages, type ImagePicker } from './product-images';
import { ProductFactsCard } from './product-facts-card';
import { StatusBadge } from './status-badge';
import { errorMessage } from '../../../lib/error-message';
import { t } from '../../../lib/i18n';

type FormValues = z.input<typeof adminProductInputSchema>;

/**
 * The product editor: details, packs, organisation, tax and SEO in one form, saved at once (the
 * server saves all or nothing). Server errors land at their fields; a save over someone else's
 * newer one is refused with a clear message; leaving with unsaved changes asks first.
 */
/** A price field in rupees with paise: the number keyboard on phones, never negative. */

export function ProductEditor({
  product,
  options,
  onReload,
  history,
  imagePicker,
  packStock: PackStock,
}: {
  product: AdminProduct;
  options: AdminProductOptions;
  onReload: () => Promise<unknown>;
  /** the product's audit history, composed in by the route */
  history?: ReactNode;
  /** the media library's picker, handed in by the route */
  imagePicker: ImagePicker;
  /** a pack's stock card (the stock feature's), handed in by the route */
  packStock: ComponentType<{ packId: number }>;
}) {
  const form = useForm<FormValues, unknown, AdminProductInput>({
    resolver: zodResolver(adminProductInputSchema),
    defaultValues: productToInput(product),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setError, reset, control, setValue, getValues } = form;
  const packs = useFieldArray({ control, name: 'packs', keyName: 'key' });
  const update = useUpdateProduct(product.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const errors = formState.errors;
  const slug = useWatch({ control, name: 'slug' });

  const save = handleSubmit(async (values) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...values, packs: values.packs.map((k, position) => ({ ...k, position })) });
      reset(productToInput(saved));
      toast.success(t('Product saved'));
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) return setConflict(errorMessage(e));
      if (e instanceof ApiError && e.status === 422) {
        for (const [field, messages] of Object.entries(e.fieldErrors))
          setError((field === 'packs' ? 'packs.root' : field) as Path<FormValues>, { type: 'server', message: messages[0] });
        return toast.error(t('Please correct the highlighted fields.'));
      }
      toast.error(errorMessage(e));
    }
  });

  const reload = async () => {
    await onReload();
    setConflict(null);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-label={t('Edit product')}>
        <LeaveGuard when={formState.isDirty && !formState.isSubmitting} />
        <div className="sticky top-0 z-10 -mx-4 -mt-4 mb-6 flex flex-wrap items-center gap-3 border-b bg-slate-50/95 px-4 py-3 backdrop-blur lg:-mx-8 lg:-mt-8 lg:px-8">
          {/* below lg the title takes its own row and the actions wrap under it */}
          <div className="flex min-w-0 basis-full items-center gap-3 lg:flex-1 lg:basis-0">
            <Link to={paths.products()} className="inline-flex shrink-0 items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
              <ArrowLeft className="size-4" aria-hidden />
              {t('Products')}
            </Link>
            <img
              src={imageUrl(product.image, 'small', '')}
              alt=""
              width={40}
              height={30}
              className="h-[30px] w-10 shrink-0 rounded bg-gray-100 object-cover"
            />
            <h1 className="min-w-0 truncate text-xl font-semibold">{product.name}</h1>
          </div>
          <StatusBadge status={product.status} />
          {product.status === 'active' && (
            <a
              href={paths.storefrontProduct(product.slug)}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 text-sm text-brand hover:underline"
            >
              {t('View on shop')}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          )}
          <button
            type="button"
            disabled={!formState.isDirty || formState.isSubmitting}
            onClick={() => reset()}
            className="ml-auto rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {t('Discard')}
          </button>
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50"
          >
            {formState.isSubmitting ? t('Saving…') : t('Save')}
          </button>
        </div>

        {conflict && (
          <div
            role="alert"
            className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <p className="flex-1">{conflict}</p>
            <button
              type="button"
              onClick={() => void reload()}
              className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-medium hover:bg-amber-100"
            >
              {t('Reload the latest version (your changes here are dropped)')}
            </button>
          </div>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6">
            <Card title={t('Details')}>
              <div className="space-y-4">
                <Field label={t('Name')} error={errors.name?.message}>
                  {(a) => <input {...a} {...register('name')} className={inputClass} />}
                </Field>
                <Field
                  label={t('Slug')}
                  error={errors.slug?.message}
                  hint={t("The product's address: /products/{value}", { value: slug || '…' })}
                >
                  {(a) => (
                    <div className="flex gap-2">
                      <input {...a} {...register('slug')} className={inputClass} />
                      <button
                        type="button"
                        className="mt-1 whitespace-nowrap rounded-md border px-3 text-sm hover:bg-gray-50"
                        onClick={() =>
                          setValue('slug', slugify(getValues('name')), { shouldDirty: true, shouldValidate: formState.isSubmitted })
                        }
                      >
                        {t('From name')}
                      </button>
                    </div>
                  )}
                </Field>
                <Field
                  label={t('Description')}
                  error={errors.description?.message}
                  hint={t('Paragraphs, bold, italics, headings, lists and links are kept; anything else is removed when saved.')}
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

            <ProductFactsCard />

            <ProductImages control={control} register={register} Picker={imagePicker} />

            <Card title={t('Packs')}>
              {errors.packs?.root?.message && (
                <p role="alert" className="mb-3 text-sm text-red-700">
                  {errors.packs.root.message}
                </p>
              )}
              {errors.packs?.message && (
                <p role="alert" className="mb-3 text-sm text-red-700">
                  {errors.packs.message}
                </p>
              )}
              <ol className="space-y-4">
                {packs.fields.map((f, i) => {
                  return (
                    <li key={f.key} className="rounded-md border p-4" aria-label={t('Pack {value}', { value: i + 1 })}>
                      <div className="mb-3 flex items-center gap-2">
                        <h3 className="flex-1 text-sm font-semibold">
                          {t('Pack')} {i + 1}
                        </h3>
                        <button
                          type="button"
                          aria-label={t('Move pack {value} up', { value: i + 1 })}
                          disabled={i === 0}
                          onClick={() => packs.move(i, i - 1)}
                          className="rounded border p-1 disabled:opacity-30"
                        >
                          <ArrowUp className="size-4" aria-hidden />
                        </button>
                        <button
                          type="button"
                          aria-label={t('Move pack {value} down', { value: i + 1 })}
                          disabled={i === packs.fields.length - 1}
                          onClick={() => packs.move(i, i + 1)}
                          className="rounded border p-1 disabled:opacity-30"
                        >
                          <ArrowDown className="size-4" aria-hidden />
                        </button>
                        {f.id === undefined && (
                          <button
                            type="button"
                            onClick={() => packs.remove(i)}
                            className="rounded border px-2 py-1 text-xs text-red-700 hover:bg-red-50"
                          >
                            {t('Remove new pack')}
                          </button>
                        )}
                      </div>
                      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
                        <PackFields index={i} barcodeHint={t('EAN-13, EAN-8 or UPC')} />
                        <Discount control={control} index={i} />
                      </div>
                      <div className="mt-3 flex items-center gap-2 text-xs text-gray-600">
                        <span className="font-medium">{t('Stock:')} </span>
                        {f.id === undefined ? t('none yet (new pack)') : <PackStock packId={f.id} />}
                      </div>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                onClick={() =>
                  packs.append({
                    name: '',
                    sku: '',
                    barcode: '',
                    price: Number.NaN,
                    act_price: Number.NaN,
                    position: packs.fields.length,
                    sold_by_weight: false,
                    plu: '',
                    step_grams: 500,
                  })
                }
                className="mt-4 inline-flex items-center gap-1 rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50"
              >
                <Plus className="size-4" aria-hidden />
                {t('Add pack')}
              </button>
            </Card>
          </div>

          <div className="space-y-6">
            <Card title={t('Status')}>
              <StatusField hint={t('Only active products are on the shop.')} />
              <p className="mt-3 text-xs text-gray-500">{t('Last saved {updated}', { updated: formatDateTime(product.updated_at) })}</p>
              <DeleteProduct product={product} />
            </Card>
            <OrganisationCard options={options} />
            <TaxCard />
            <Card title={t('Search engines')}>
              <div className="space-y-4">
                <Field label={t('SEO title')} error={errors.seo_title?.message} hint={t('Up to 70 characters; the name when empty')}>
                  {(a) => <input {...a} {...register('seo_title')} className={inputClass} />}
                </Field>
                <Field label={t('SEO description')} error={errors.seo_description?.message} hint={t('Up to 160 characters')}>
                  {(a) => <textarea {...a} {...register('seo_description')} rows={3} className={inputClass} />}
                </Field>
              </div>
            </Card>
            {history}
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/** The discount shoppers will see, computed from price and MRP as the server computes it. */
function Discount({ control, index }: { control: Control<FormValues, unknown, AdminProductInput>; index: number }) {
  const [price, mrp] = useWatch({ control, name: [`packs.${index}.price`, `packs.${index}.act_price`] });
  const ok = Number.isFinite(price) && Number.isFinite(mrp) && mrp > 0;
  const pct = ok && mrp > price ? Math.round(((mrp - price) * 100) / mrp) : 0;
  return (
    <div>
      <p className="block text-sm font-medium text-gray-700">{t('Discount shown')}</p>
      <p className="mt-1 py-2 text-sm" aria-live="polite">
        {!ok
          ? '—'
          : pct > 0
            ? t('{pct}% off (save {formatINR})', { pct, formatINR: formatINR(Math.round((mrp - price) * 100) / 100) })
            : t('No discount')}
      </p>
    </div>
  );
}
