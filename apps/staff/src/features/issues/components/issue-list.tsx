import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { formatDate } from '@grocer/shared/format';
import { ISSUE_KIND_LABELS, resolveIssueBodySchema, type AdminIssue } from '@grocer/shared/support';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { StatusChips } from '../../../components/ui/status-chips';
import { Field, inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useIssues, useResolveIssue } from '../api/issues';
import { t } from '../../../lib/i18n';

const STATUSES = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
] as const;

/** The list's view when its address says nothing: the server's defaults too (a default is left out of the query). */
export const DEFAULTS: ListDefaults = { sort: 'created', dir: 'desc', perPage: 20 };
const col = createColumnHelper<AdminIssue>();

/**
 * Administration → Issues: what shoppers reported on delivered orders (missing, damaged, wrong
 * items…), open ones first by default; each links to its order (where a line can be refunded) and
 * is resolved with a note the shopper receives. The view (status, search, page, size) is in the address
 * and asked of the server.
 */
export function IssueList() {
  const list = useListState(DEFAULTS);
  const status = (list.filter('status') || 'open') as 'open' | 'resolved' | 'all';
  const issues = useIssues({ status, q: list.q || undefined, page: list.page, perPage: list.perPage });
  const [resolving, setResolving] = useState<AdminIssue | null>(null);
  const data = issues.data;
  const rows = data?.data;

  const columns = [
    col.accessor('created_at', {
      header: t('Reported'),
      cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue())}</span>,
    }),
    col.accessor('ordernumber', {
      header: t('Order'),
      cell: ({ row: { original: i } }) => (
        <Link to={paths.order(i.order_id)} className="font-medium text-teal-800 underline">
          {i.ordernumber}
        </Link>
      ),
    }),
    col.accessor('customer', {
      header: t('Customer'),
      cell: ({ row: { original: i } }) => (
        <span>
          {i.customer.name}
          <span className="block text-xs text-gray-500">{i.customer.phone}</span>
        </span>
      ),
    }),
    col.accessor('kind', {
      header: t('Problem'),
      cell: ({ row: { original: i } }) => (
        <div>
          <p className="font-medium">{ISSUE_KIND_LABELS[i.kind]}</p>
          {i.lines.length > 0 && <p className="text-gray-700">{i.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>}
          {i.note && <p className="text-gray-600">“{i.note}”</p>}
        </div>
      ),
    }),
    col.accessor('status', {
      header: t('Status'),
      cell: ({ row: { original: i } }) =>
        i.status === 'open' ? (
          <button
            type="button"
            onClick={() => setResolving(i)}
            className="rounded-md bg-gray-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-gray-700"
            aria-label={t('Resolve the issue on {ordernumber}', { ordernumber: i.ordernumber })}
          >
            {t('Resolve')}
          </button>
        ) : (
          <div>
            <span className="rounded bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800">{t('Resolved')}</span>
            <p className="mt-1 text-xs text-gray-600">{i.resolution}</p>
            <p className="text-xs text-gray-500">
              {i.resolved_by ?? t('Staff')}, {i.resolved_at ? formatDate(i.resolved_at) : ''}
            </p>
          </div>
        ),
    }),
  ];

  return (
    <>
      <DataTable
        label={t('Issues')}
        columns={columns}
        rows={rows}
        total={data?.meta.total}
        loading={issues.isFetching}
        error={issues.error ? errorMessage(issues.error) : undefined}
        getRowId={(i) => String(i.id)}
        rowName={(i) => i.ordernumber}
        list={list}
        searchLabel={t('Search by order, customer or note')}
        filters={
          <StatusChips
            options={STATUSES}
            value={status}
            onChoose={(value) => list.set({ status: value === 'open' ? undefined : value })}
            suffix={(value) => (value === 'open' && data ? ` (${data.meta.open})` : '')}
          />
        }
        empty={
          list.q
            ? t('No issue matches this search.')
            : status === 'open'
              ? t('No open issues. Shoppers can report one from a delivered order.')
              : t('No issues here.')
        }
      />
      <ResolveDialog issue={resolving} onClose={() => setResolving(null)} />
    </>
  );
}

/** The resolve form's fields as typed (the contract's names). */
interface ResolveForm {
  resolution: string;
}

/** The form's schema: the note as typed is the API's body, checked by the shared contract (the server trims it). */
const resolveFormSchema = contractForm(z.object({ resolution: z.string() }), (f): ResolveForm => f, resolveIssueBodySchema, 'resolution');

function ResolveDialog({ issue, onClose }: { issue: AdminIssue | null; onClose: () => void }) {
  const resolve = useResolveIssue();
  const { register, handleSubmit, formState, setError, reset } = useForm<ResolveForm, unknown, ResolveForm>({
    resolver: zodResolver(resolveFormSchema),
    defaultValues: { resolution: '' },
  });
  const close = () => {
    onClose();
    reset();
  };
  const submit = handleSubmit(async (body) => {
    if (!issue) return;
    try {
      await resolve.mutateAsync({ id: issue.id, ...body });
      toast.success(t('Issue on {ordernumber} resolved', { ordernumber: issue.ordernumber }));
      close();
    } catch (err) {
      // the refusal is shown in the dialog, at the note: its own words when the server names the field
      const said = err instanceof ApiError ? err.fieldErrors.resolution?.[0] : undefined;
      setError('resolution', { type: 'server', message: said ?? errorMessage(err) });
    }
  });
  return (
    <ConfirmDialog
      open={issue !== null}
      onOpenChange={(o) => o || close()}
      title={t('Resolve the issue on {ordernumber}', { ordernumber: issue?.ordernumber })}
      description={t(
        'Say what was done (refunded, replaced, explained). The customer receives this by email. To refund a line, do it on the order first.',
      )}
      form
      confirm={t('Resolve')}
      tone="neutral"
      busy={formState.isSubmitting}
      onConfirm={() => void submit()}
    >
      <Field label={t('What was done')} error={formState.errors.resolution?.message}>
        {(a) => <textarea {...a} {...register('resolution')} rows={3} className={inputClass} />}
      </Field>
    </ConfirmDialog>
  );
}
