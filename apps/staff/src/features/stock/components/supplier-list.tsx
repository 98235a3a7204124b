import { supplierInputSchema, type Supplier } from '@grocer/shared/admin-purchasing';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '../../../components/ui/data-table';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { useSaveSupplier, useSuppliers } from '../api/suppliers';
import { issuesOf, serverFieldErrors } from './field-errors';
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

function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const save = useSaveSupplier();
  const [form, setForm] = useState({ name: supplier?.name ?? '', phone: supplier?.phone ?? '', gstin: supplier?.gstin ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      aria-label={supplier ? t('Edit {name}', { name: supplier.name }) : t('New supplier')}
      className="mb-4 grid gap-3 rounded-lg border bg-white p-4 sm:grid-cols-4 sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = supplierInputSchema.safeParse(form);
        if (!parsed.success) return setErrors(issuesOf(parsed.error));
        setErrors({});
        save.mutate(
          { ...form, id: supplier?.id },
          {
            onSuccess: (s) => {
              toast.success(supplier ? t('Supplier {name} saved', { name: s.name }) : t('Supplier {name} added', { name: s.name }));
              onDone();
            },
            onError: (err) => {
              setErrors(serverFieldErrors(err));
              toast.error(errorMessage(err));
            },
          },
        );
      }}
    >
      <Field label={t('Supplier name')} error={errors.name}>
        {(a) => <input {...a} className={inputClass} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}
      </Field>
      <Field label={t('Phone')} error={errors.phone}>
        {(a) => (
          <input
            {...a}
            type="tel"
            className={inputClass}
            value={form.phone}
            onChange={(e) => setForm({ ...form, phone: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('GSTIN')} error={errors.gstin} hint={t('15 characters, e.g. 29ABCDE1234F1Z5')}>
        {(a) => <input {...a} className={inputClass} value={form.gstin} onChange={(e) => setForm({ ...form, gstin: e.target.value })} />}
      </Field>
      <div className="flex gap-2 sm:self-start sm:pt-6">
        <button
          type="submit"
          disabled={save.isPending}
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
