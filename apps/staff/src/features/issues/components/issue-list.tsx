import { formatDate } from '@grocer/shared/format';
import { ISSUE_KIND_LABELS, type AdminIssue } from '@grocer/shared/support';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
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

/**
 * Administration → Issues: what shoppers reported on delivered orders (missing, damaged, wrong
 * items…), open ones first by default; each links to its order (where a line can be refunded) and
 * is resolved with a note the shopper receives. The view (status, page, size) is in the address.
 */
export function IssueList() {
  const list = useListState(DEFAULTS);
  const status = (list.filter('status') || 'open') as 'open' | 'resolved' | 'all';
  const { data, error, isPending } = useIssues({ status, page: list.page, perPage: list.perPage });
  const [resolving, setResolving] = useState<AdminIssue | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('Show')}>
        {STATUSES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => list.set({ status: value === 'open' ? undefined : value })}
            className={`rounded-full border px-3 py-1 text-sm ${status === value ? 'border-gray-900 bg-gray-900 text-white' : 'bg-white hover:bg-gray-50'}`}
          >
            {label}
            {value === 'open' && data ? ` (${data.meta.open})` : ''}
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(error)}
        </p>
      ) : isPending ? (
        <LoadingView />
      ) : data.data.length === 0 ? (
        <p className="rounded-lg border bg-white p-8 text-center text-gray-600">
          {status === 'open' ? t('No open issues. Shoppers can report one from a delivered order.') : t('No issues here.')}
        </p>
      ) : (
        <div tabIndex={0} role="region" aria-label={t('Issues')} className="overflow-x-auto rounded-lg border bg-white">
          <table className="w-full text-sm" aria-label={t('Issues')}>
            <thead className="border-b bg-gray-50 text-left text-xs tracking-wide text-gray-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">{t('Reported')}</th>
                <th className="px-4 py-2 font-medium">{t('Order')}</th>
                <th className="px-4 py-2 font-medium">{t('Customer')}</th>
                <th className="px-4 py-2 font-medium">{t('Problem')}</th>
                <th className="px-4 py-2 font-medium">{t('Status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {data.data.map((i) => (
                <tr key={i.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(i.created_at)}</td>
                  <td className="px-4 py-3">
                    <Link to={paths.order(i.order_id)} className="font-medium text-teal-800 underline">
                      {i.ordernumber}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    {i.customer.name}
                    <span className="block text-xs text-gray-500">{i.customer.phone}</span>
                  </td>
                  <td className="px-4 py-3">
                    <p className="font-medium">{ISSUE_KIND_LABELS[i.kind]}</p>
                    {i.lines.length > 0 && <p className="text-gray-700">{i.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>}
                    {i.note && <p className="text-gray-600">“{i.note}”</p>}
                  </td>
                  <td className="px-4 py-3">
                    {i.status === 'open' ? (
                      <button
                        type="button"
                        onClick={() => setResolving(i)}
                        className="rounded-md bg-gray-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-gray-700"
                        aria-label={t('Resolve the issue on {ordernumber}', { ordernumber: i.ordernumber })}
                      >
                        {t('Resolve')}
                      </button>
                    ) : (
                      <>
                        <span className="rounded bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800">{t('Resolved')}</span>
                        <p className="mt-1 text-xs text-gray-600">{i.resolution}</p>
                        <p className="text-xs text-gray-500">
                          {i.resolved_by ?? t('Staff')}, {i.resolved_at ? formatDate(i.resolved_at) : ''}
                        </p>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={list.page}
        perPage={list.perPage}
        total={data?.meta.total}
        onPage={(page) => list.set({ page })}
        onPerPage={(perPage) => list.set({ perPage })}
      />
      <ResolveDialog issue={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}

function ResolveDialog({ issue, onClose }: { issue: AdminIssue | null; onClose: () => void }) {
  const resolve = useResolveIssue();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      open={issue !== null}
      onOpenChange={(o) => {
        if (!o) {
          onClose();
          setText('');
          setError(undefined);
        }
      }}
      title={t('Resolve the issue on {ordernumber}', { ordernumber: issue?.ordernumber })}
      description={t(
        'Say what was done (refunded, replaced, explained). The customer receives this by email. To refund a line, do it on the order first.',
      )}
      form
      confirm={t('Resolve')}
      tone="neutral"
      busy={resolve.isPending}
      onConfirm={() => {
        if (!issue) return;
        resolve.mutate(
          { id: issue.id, resolution: text },
          {
            onSuccess: () => {
              toast.success(t('Issue on {ordernumber} resolved', { ordernumber: issue.ordernumber }));
              onClose();
              setText('');
            },
            onError: (err) => setError(errorMessage(err)),
          },
        );
      }}
    >
      <Field label={t('What was done')} error={error}>
        {(a) => <textarea {...a} rows={3} className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
    </ConfirmDialog>
  );
}
