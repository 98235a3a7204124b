import { zodResolver } from '@hookform/resolvers/zod';
import { adminBrandInputSchema, type AdminBrand } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { imageUrl } from '@grocer/shared/image';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DataTable } from '../../../components/ui/data-table';
import { Field, inputClass } from '../../../components/ui/field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { useBrands, useDeleteBrand, useSaveBrand } from '../api/brands';
import { PathField, type ImageFieldProps } from './category-screen';
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'name', dir: 'asc', perPage: 20 };
const col = createColumnHelper<AdminBrand>();
const primary = 'rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50';
const secondary = 'rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50';
const dialogClass =
  'fixed top-1/2 left-1/2 z-50 w-[480px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl';

/**
 * Brands: a list (search, sort by name or products, pages; in the address), create, edit, delete when
 * unused. `imageField` is the logo's input, composed in by the route (a library picker).
 */
export function BrandList({ imageField }: { imageField?: ComponentType<ImageFieldProps> }) {
  const list = useListState(DEFAULTS);
  const brands = useBrands(list.search);
  const [editing, setEditing] = useState<AdminBrand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBrand | null>(null);

  const columns = [
    col.accessor('name', {
      header: t('Brand'),
      enableSorting: true,
      cell: ({ row: { original: b } }) => (
        <span className="flex items-center gap-3 font-medium">
          <img
            src={imageUrl(b.logo, 'small', '')}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded bg-gray-100 object-contain"
            loading="lazy"
          />
          {b.name}
        </span>
      ),
    }),
    col.accessor('slug', { header: t('Slug') }),
    col.accessor('products', { header: t('Products'), enableSorting: true }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('Actions')}</span>,
      cell: ({ row: { original: b } }) => (
        <span className="flex justify-end gap-3 text-sm">
          <button
            type="button"
            onClick={() => setEditing(b)}
            className="font-medium text-brand hover:underline"
            aria-label={t('Edit {name}', { name: b.name })}
          >
            {t('Edit')}
          </button>
          <button
            type="button"
            onClick={() => setDeleting(b)}
            className="font-medium text-red-700 hover:underline"
            aria-label={t('Delete {name}', { name: b.name })}
          >
            {t('Delete')}
          </button>
        </span>
      ),
    }),
  ];

  return (
    <>
      <div className="mb-4 flex items-center gap-3">
        <h1 className="flex-1 text-2xl font-semibold">{t('Brands')}</h1>
        <button type="button" onClick={() => setEditing('new')} className={`${primary} inline-flex items-center gap-1`}>
          <Plus className="size-4" aria-hidden />
          {t('New brand')}
        </button>
      </div>
      <DataTable
        label={t('Brands')}
        columns={columns}
        rows={brands.data?.data}
        total={brands.data?.meta.total}
        loading={brands.isFetching}
        error={brands.error ? errorMessage(brands.error) : undefined}
        getRowId={(b) => String(b.id)}
        rowName={(b) => b.name}
        list={list}
        searchLabel={t('Search brands')}
        empty={list.q ? t('No brand matches this search.') : t('No brands yet.')}
      />
      {editing && (
        <BrandDialog brand={editing === 'new' ? null : editing} imageField={imageField ?? PathField} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteBrand brand={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** The brand form's fields as typed (the contract's names). */
interface BrandForm {
  name: string;
  slug: string;
  logo: string;
}

/**
 * The form's schema (for react-hook-form's zod resolver): the fields as typed are the API's body
 * (an edit adds the version it opened), checked by the shared contract, its messages shown at the
 * fields; sent as typed (the server trims them and makes a slug from the name when empty).
 */
const brandFormSchema = contractForm(
  z.object({ name: z.string(), slug: z.string(), logo: z.string() }),
  (f): BrandForm => f,
  adminBrandInputSchema,
  'name',
);

function BrandDialog({
  brand,
  imageField: ImageField,
  onClose,
}: {
  brand: AdminBrand | null;
  imageField: ComponentType<ImageFieldProps>;
  onClose: () => void;
}) {
  const save = useSaveBrand();
  const { register, control, handleSubmit, formState, setError, watch } = useForm<BrandForm, unknown, BrandForm>({
    resolver: zodResolver(brandFormSchema),
    defaultValues: { name: brand?.name ?? '', slug: brand?.slug ?? '', logo: brand?.logo ?? '' },
  });
  const errors = formState.errors;
  const logo = watch('logo');
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: brand?.id, version: brand?.version, ...body });
      toast.success(brand ? t('{name} saved', { name: saved.name }) : t('{name} created', { name: saved.name }));
      onClose();
    } catch (err) {
      // a refusal at a field is shown there; any other is said in a toast
      const fields =
        err instanceof ApiError && err.status === 422
          ? Object.entries(err.fieldErrors).filter(([wire, messages]) => messages[0] && wire in body)
          : [];
      for (const [wire, messages] of fields) setError(wire as keyof BrandForm, { type: 'server', message: messages[0] });
      if (fields.length === 0) toast.error(errorMessage(err));
    }
  });
  return (
    <AlertDialog.Root open onOpenChange={(o) => o || onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className={dialogClass}>
          <AlertDialog.Title className="text-lg font-semibold">
            {brand ? t('Edit {name}', { name: brand.name }) : t('New brand')}
          </AlertDialog.Title>
          <AlertDialog.Description className="sr-only">{t("The brand's name, slug and logo.")}</AlertDialog.Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
            <Field label={t('Name')} error={errors.name?.message}>
              {(a) => <input {...a} {...register('name')} className={inputClass} />}
            </Field>
            <Field label={t('Slug')} error={errors.slug?.message} hint={t('Made from the name when empty')}>
              {(a) => <input {...a} {...register('slug')} className={inputClass} />}
            </Field>
            <Field label={t('Logo image')} error={errors.logo?.message} hint={t("Shown on the shop's brand tiles and pages.")}>
              {(a) => (
                <Controller
                  name="logo"
                  control={control}
                  render={({ field }) => <ImageField {...a} value={field.value} onChange={field.onChange} />}
                />
              )}
            </Field>
            {logo && !errors.logo && <img src={imageUrl(logo, 'small', '')} alt="" className="size-16 rounded border object-contain" />}
            <div className="flex justify-end gap-3">
              <AlertDialog.Cancel className={secondary}>{t('Cancel')}</AlertDialog.Cancel>
              <button type="submit" disabled={formState.isSubmitting} className={primary}>
                {brand ? t('Save') : t('Create brand')}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function DeleteBrand({ brand, onClose }: { brand: AdminBrand; onClose: () => void }) {
  const remove = useDeleteBrand();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => o || onClose()}
      title={t('Delete {name}?', { name: brand.name })}
      description={t('Only a brand no product uses can be deleted.')}
      cancel={t('Keep it')}
      confirm={t('Delete')}
      busy={remove.isPending}
      disabled={!!refused}
      onConfirm={() =>
        remove.mutate(brand.id, {
          onSuccess: () => {
            toast.success(t('{name} deleted', { name: brand.name }));
            onClose();
          },
          onError: (e) => (e instanceof ApiError && e.status === 409 ? setRefused(errorMessage(e)) : toast.error(errorMessage(e))),
        })
      }
    >
      {refused && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {refused}
        </p>
      )}
    </ConfirmDialog>
  );
}
