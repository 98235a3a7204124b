import type { AdminAuditEntry } from '@grocer/shared/admin-catalogue-edit';
import { auditKind } from '@grocer/shared/audit';
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
import { t } from '../../../lib/i18n';

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'id', dir: 'desc', perPage: 20 };
const col = createColumnHelper<AdminAuditEntry>();

/** Where a row's record can be opened (not once it is deleted). */
function recordLink(r: AdminAuditEntry): string | null {
  if (r.action === 'delete') return null;
  const id = Number(r.entity_id);
  if (r.entity === 'product' && Number.isInteger(id)) return paths.product(id);
  if (r.entity === 'coupon' && Number.isInteger(id)) return paths.coupon(id);
  if (r.entity === 'customer' && Number.isInteger(id)) return paths.customer(id);
  if (r.entity === 'order') return paths.order(r.entity_id);
  return null;
}

const columns = [
  col.accessor('created_at', { header: t('When'), cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span> }),
  col.accessor('actor', { header: t('Who'), cell: (c) => c.getValue()?.name ?? 'System' }),
  col.accessor('label', {
    header: t('What'),
    cell: ({ row: { original: r } }) => {
      const to = recordLink(r);
      return to ? (
        <Link to={to} className="text-brand hover:underline">
          {r.label}
        </Link>
      ) : (
        <span>{r.label}</span>
      );
    },
  }),
  col.accessor('action_text', { header: t('Action') }),
  col.display({ id: 'changes', header: t('Changes'), cell: ({ row: { original: r } }) => <Changes before={r.before} after={r.after} /> }),
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

/**
 * The audit log: every staff write, newest first, each naming its record and person ("Product ·
 * Toor Dal", "Added image", "Asha Owner"); searched by text, filtered by kind, person and days,
 * all in the address. Below 768 px each row reads as a card (the data table's own layout).
 */
export function AuditList() {
  const list = useListState(DEFAULTS);
  const audit = useAudit(list.search);
  const filtered = list.q || ['entity', 'entity_id', 'actor', 'from', 'to'].some((k) => list.filter(k));
  return (
    <DataTable
      label={t('Audit log')}
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
      rowName={(r) => r.label}
      list={list}
      searchLabel={t('Search by name, person or id')}
      empty={
        filtered ? (
          <>
            {t('Nothing matches these filters.')}{' '}
            <Link to={paths.audit()} className="text-brand underline">
              {t('Clear filters')}
            </Link>
          </>
        ) : (
          t('Nothing recorded yet.')
        )
      }
      filters={
        <>
          <FilterSelect
            label={t('Record')}
            value={list.filter('entity')}
            onChange={(entity) => list.set({ entity })}
            options={[
              { value: '', label: t('Every kind') },
              ...(audit.data?.entities ?? []).map((e) => ({ value: e, label: auditKind(e) })),
            ]}
          />
          <FilterSelect
            label={t('Person')}
            value={list.filter('actor')}
            onChange={(actor) => list.set({ actor })}
            options={[
              { value: '', label: t('Everyone') },
              ...(audit.data?.people ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
          <DateFilter label={t('From')} value={list.filter('from')} onChange={(from) => list.set({ from })} />
          <DateFilter label={t('To')} value={list.filter('to')} onChange={(to) => list.set({ to })} />
        </>
      }
    />
  );
}
