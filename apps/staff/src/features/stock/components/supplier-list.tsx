import { zodResolver } from '@hookform/resolvers/zod';
import { supplierInputSchema, type Supplier, type SupplierInput } from '@grocer/shared/admin-purchasing';
import { ApiError } from '@grocer/shared/api-client';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { contractForm } from '../../../lib/contract-form';
import { DataTable } from '../../../components/ui/data-table';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { useSaveSupplier, useSuppliers } from '../api/suppliers';
import { t } from '../../../lib/i18n';

const col = createColumnHelper<Supplier>();

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'name', dir: 'asc', perPage: 100 };

/** Suppliers: who the shop buys from (name, phone, GSTIN), added and edited in place. */
export function SupplierList() {
  const list = useListState(DEFAULTS);
  const suppliers = useSuppliers(list.q);
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const rows = suppliers.data?.data;
  const columns = [
    col.accessor('name', { header: t('Name'), cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
    col.accessor('phone', { header: t('Phone'), cell: (c) => c.getValue() || '—' }),
    col.accessor('gstin', { header: t('GSTIN'), cell: (c) => <span className="font-mono text-xs">{c.getValue() || '—'}</span> }),
    col.accessor('open_orders', { header: t('Open orders'), cell: (c) => <span className="tabular-nums">{c.getValue()}</span> }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('Actions')}</span>,
      cell: ({ row: { original: s } }) => (
        <button
          type="button"
          className="rounded-md border bg-white px-3 py-1 text-xs font-medium hover:bg-gray-50"
          onClick={() => setEditing(s)}
        >
          {t('Edit')}
          <span className="sr-only"> {s.name}</span>
        </button>
      ),
    }),
  ];
  return (
    <>
      <div className="mb-4">
        <button
          type="button"
          className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90"
          onClick={() => setEditing('new')}
        >
          {t('Add supplier')}
        </button>
      </div>
      {editing && <SupplierForm supplier={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <DataTable
        label={t('Suppliers')}
        columns={columns}
        rows={rows}
        total={rows?.length}
        loading={suppliers.isFetching}
        error={suppliers.error ? errorMessage(suppliers.error) : undefined}
        getRowId={(s) => String(s.id)}
        rowName={(s) => s.name}
        list={list}
        searchLabel={t('Search by name, phone or GSTIN')}
        empty={list.q ? t('No supplier matches this search.') : t('No suppliers yet: add the first one.')}
      />
    </>
  );
}

/** The supplier form's fields as typed (the contract's names). */
interface SupplierFormValues {
  name: string;
  phone: string;
  gstin: string;
}

/**
 * The form's schema (for react-hook-form's zod resolver): the fields as typed are the API's body,
 * checked by the shared contract (its messages shown at the form's fields) and sent as typed (the
 * server trims them and upper-cases the GSTIN).
 */
const supplierFormSchema = contractForm(
  z.object({ name: z.string(), phone: z.string(), gstin: z.string() }),
  (f): SupplierInput => f,
  supplierInputSchema,
  'name',
);

function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const save = useSaveSupplier();
  const { register, handleSubmit, formState, setError } = useForm<SupplierFormValues, unknown, SupplierInput>({
    resolver: zodResolver(supplierFormSchema),
    defaultValues: { name: supplier?.name ?? '', phone: supplier?.phone ?? '', gstin: supplier?.gstin ?? '' },
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (body) => {
    try {
      const s = await save.mutateAsync({ ...body, id: supplier?.id });
      toast.success(supplier ? t('Supplier {name} saved', { name: s.name }) : t('Supplier {name} added', { name: s.name }));
      onDone();
    } catch (err) {
      if (err instanceof ApiError)
        for (const [wire, messages] of Object.entries(err.fieldErrors))
          if (messages[0] && wire in body) setError(wire as keyof SupplierFormValues, { type: 'server', message: messages[0] });
      toast.error(errorMessage(err));
    }
  });
  return (
    <form
      aria-label={supplier ? t('Edit {name}', { name: supplier.name }) : t('New supplier')}
      className="mb-4 grid gap-3 rounded-lg border bg-white p-4 sm:grid-cols-4 sm:items-end"
      onSubmit={submit}
    >
      <Field label={t('Supplier name')} error={errors.name?.message}>
        {(a) => <input {...a} {...register('name')} className={inputClass} />}
      </Field>
      <Field label={t('Phone')} error={errors.phone?.message}>
        {(a) => <input {...a} {...register('phone')} type="tel" className={inputClass} />}
      </Field>
      <Field label={t('GSTIN')} error={errors.gstin?.message} hint={t('15 characters, e.g. 29ABCDE1234F1Z5')}>
        {(a) => <input {...a} {...register('gstin')} className={inputClass} />}
      </Field>
      <div className="flex gap-2 sm:self-start sm:pt-6">
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Save supplier')}
        </button>
        <button type="button" onClick={onDone} className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50">
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
