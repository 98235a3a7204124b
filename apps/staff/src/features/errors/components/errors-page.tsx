import { formatDateTime } from '@grocer/shared/format';
import type { ErrorGroup } from '@grocer/shared/analytics';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { errorQuery, useErrors, useResolveError } from '../api/errors';
import { t } from '../../../lib/i18n';

const when = formatDateTime;

/** Administration → Errors: the shop's own error inbox (when no SENTRY_DSN is set), grouped by fingerprint. */
export function ErrorsPage() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isPending, error } = useErrors(status);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('Errors')}</h1>
        <div role="tablist" aria-label={t('Status')} className="ml-auto flex rounded-md border bg-white text-sm">
          {(['open', 'resolved'] as const).map((s) => (
            <button
              key={s}
              role="tab"
              aria-selected={status === s}
              className={`px-3 py-1.5 capitalize ${status === s ? 'bg-teal-700 text-white' : ''}`}
              onClick={() => setStatus(s)}
            >
              {s}
            </button>
          ))}
        </div>
      </div>
      {isPending ? (
        <LoadingView />
      ) : error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(error)}
        </p>
      ) : data.data.length === 0 ? (
        <p className="rounded-lg border bg-white p-6 text-center text-gray-500">
          {status === 'open' ? t('No open errors. All quiet.') : t('Nothing resolved yet.')}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-white" aria-label={t('Errors')}>
          {data.data.map((g) => (
            <li key={g.id}>
              <ErrorRow group={g} open={openId === g.id} onToggle={() => setOpenId(openId === g.id ? null : g.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ErrorRow({ group: g, open, onToggle }: { group: ErrorGroup; open: boolean; onToggle: () => void }) {
  const resolve = useResolveError();
  return (
    <div className="p-4">
      <div className="flex items-start gap-3">
        <button type="button" className="min-w-0 flex-1 text-left" aria-expanded={open} onClick={onToggle}>
          <p className="truncate font-medium text-gray-900">{g.title}</p>
          <p className="truncate text-xs text-gray-500">
            {g.source} · {g.culprit || g.url || '—'} · {g.environment ?? t('no environment')}
            {g.release ? ` · ${g.release}` : ''}
          </p>
        </button>
        <div className="shrink-0 text-right text-xs text-gray-500">
          <p>
            <strong className="text-base text-gray-900" data-testid="error-count">
              {g.count}
            </strong>{' '}
            {t('{count, plural, one {time} other {times}}', { count: g.count })}
          </p>
          <p>{t('last {lastSeen}', { lastSeen: when(g.last_seen) })}</p>
        </div>
        <button
          type="button"
          disabled={resolve.isPending}
          className="shrink-0 rounded-md border px-3 py-1.5 text-sm"
          onClick={() => resolve.mutate({ id: g.id, resolved: !g.resolved }, { onError: (e) => toast.error(errorMessage(e)) })}
        >
          {g.resolved ? t('Reopen') : t('Resolve')}
        </button>
      </div>
      {open && <ErrorDetail group={g} />}
    </div>
  );
}

function ErrorDetail({ group: g }: { group: ErrorGroup }) {
  const { data, error } = useQuery(errorQuery(g.id));
  if (error)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {errorMessage(error)}
      </p>
    );
  if (!data) return <LoadingView />;
  const latest = data.latest as {
    frames?: Array<{ filename: string | null; function: string | null; lineno: number | null }>;
    stack?: string[];
    breadcrumbs?: Array<{ category: string | null; message: string | null; url: string | null; status_code: unknown }>;
  };
  return (
    <div className="mt-3 grid gap-3 lg:grid-cols-2">
      <Card title={t('Details')}>
        <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
          <dt className="text-gray-500">{t('First seen')}</dt>
          <dd>{when(g.first_seen)}</dd>
          <dt className="text-gray-500">{t('Request id')}</dt>
          <dd className="font-mono text-xs">{g.request_id ?? '—'}</dd>
          <dt className="text-gray-500">{t('Page')}</dt>
          <dd className="truncate">{g.url ?? '—'}</dd>
          <dt className="text-gray-500">{t('User id')}</dt>
          <dd>{g.user_id ?? t('signed out')}</dd>
        </dl>
        <pre className="mt-3 max-h-48 overflow-auto rounded bg-gray-50 p-2 text-xs">
          {(
            latest.frames?.map((f) => `${f.function ?? '?'} (${f.filename ?? '?'}:${f.lineno ?? '?'})`).reverse() ??
            latest.stack ??
            []
          ).join('\n') || 'No stack'}
        </pre>
      </Card>
      <Card title={t('Breadcrumbs')}>
        {latest.breadcrumbs?.length ? (
          <ol className="space-y-1 text-xs">
            {latest.breadcrumbs.map((b, i) => (
              <li key={i} className="truncate">
                <span className="font-medium">{b.category ?? t('event')}</span> {b.message ?? b.url ?? ''}{' '}
                {b.status_code ? `→ ${String(b.status_code)}` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-500">{t('None')}</p>
        )}
      </Card>
    </div>
  );
}
