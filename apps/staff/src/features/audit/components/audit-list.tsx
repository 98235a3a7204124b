import type { AdminAuditEntry } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { createColumnHelper } from '@tanstack/react-table';
import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, FilterSelect } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useAudit } from '../api/get-audit';
import { Changes } from './changes';
import { ACTION_LABEL } from './entity-history';

const DEFAULTS: ListDefaults = { sort: 'id', dir: 'desc', perPage: 20 };
const col = createColumnHelper<AdminAuditEntry>();

const columns = [
  col.accessor('created_at', { header: 'When', cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span> }),
  col.accessor('actor', { header: 'Who', cell: (c) => c.getValue()?.name ?? 'System' }),
  col.accessor('entity', {
    header: 'What',
    cell: ({ row: { original: r } }) =>
      r.entity === 'product' && r.action !== 'delete' ? (
        <Link to={paths.product(Number(r.entity_id))} className="text-brand hover:underline">
          product {r.entity_id}
        </Link>
      ) : (
        <span>
          {r.entity.replace(/_/g, ' ')} {r.entity_id}
        </span>
      ),
  }),
  col.accessor('action', { header: 'Action', cell: (c) => ACTION_LABEL[c.getValue()] ?? c.getValue() }),
  col.display({ id: 'changes', header: 'Changes', cell: ({ row: { original: r } }) => <Changes before={r.before} after={r.after} /> }),
];

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block rounded-md border bg-white px-2 py-1.5 text-sm text-gray-900"
      />
    </div>
  );
}

/** The audit log: every staff write, newest first, filtered by kind of record, person and days; all in the address. */
export function AuditList() {
  const list = useListState(DEFAULTS);
  const audit = useAudit(list.search);
  const filtered = list.q || ['entity', 'actor', 'from', 'to'].some((k) => list.filter(k));
  return (
    <DataTable
      label="Audit log"
      columns={columns}
      rows={audit.data?.data}
      total={audit.data?.meta.total}
      loading={audit.isFetching}
      error={
        audit.error
          ? audit.error instanceof ApiError && audit.error.status === 422
            ? 'This view has an invalid setting in its address. Clear the filters to start again.'
            : errorMessage(audit.error)
          : undefined
      }
      getRowId={(r) => String(r.id)}
      rowName={(r) => `${r.entity} ${r.entity_id}`}
      list={list}
      searchLabel="Search by record id"
      empty={
        filtered ? (
          <>
            Nothing matches these filters.{' '}
            <Link to={paths.audit()} className="text-brand underline">
              Clear filters
            </Link>
          </>
        ) : (
          'Nothing recorded yet.'
        )
      }
      filters={
        <>
          <FilterSelect
            label="Record"
            value={list.filter('entity')}
            onChange={(entity) => list.set({ entity })}
            options={[
              { value: '', label: 'Every kind' },
              ...(audit.data?.entities ?? []).map((e) => ({ value: e, label: e.replace(/_/g, ' ') })),
            ]}
          />
          <FilterSelect
            label="Person"
            value={list.filter('actor')}
            onChange={(actor) => list.set({ actor })}
            options={[{ value: '', label: 'Everyone' }, ...(audit.data?.people ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
          />
          <DateFilter label="From" value={list.filter('from')} onChange={(from) => list.set({ from })} />
          <DateFilter label="To" value={list.filter('to')} onChange={(to) => list.set({ to })} />
        </>
      }
    />
  );
}
