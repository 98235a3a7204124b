import { counted } from '@grocer/shared/labels';
import { formatDateTime } from '@grocer/shared/format';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useAudit } from '../api/get-audit';
import { Changes } from './changes';
import { t } from '../../../lib/i18n';

/** One record's audit history (who, when, what changed), newest first: the editor's "History" panel. */
export function EntityHistory({ entity, id }: { entity: string; id: number | string }) {
  const search = new URLSearchParams({ entity, entity_id: String(id), perPage: '10' }).toString();
  const audit = useAudit(search);
  return (
    <Card title={t('History')}>
      {audit.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(audit.error)}
        </p>
      ) : !audit.data ? (
        <p className="text-sm text-gray-500">{t('Loading…')}</p>
      ) : audit.data.data.length === 0 ? (
        <p className="text-sm text-gray-500">{t('No changes recorded yet.')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('Changes')}>
          {audit.data.data.map((r) => (
            <li key={r.id} className="border-l-2 border-gray-200 pl-3">
              <p className="text-sm">
                <span className="font-medium">{r.action_text}</span> {t('by')} {r.actor?.name ?? t('the system')}
              </p>
              <p className="text-xs text-gray-500">{formatDateTime(r.created_at)}</p>
              <div className="mt-1">
                <Changes before={r.before} after={r.after} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {audit.data && audit.data.meta.total > audit.data.data.length && (
        <Link
          to={paths.audit(new URLSearchParams({ entity, entity_id: String(id) }).toString())}
          className="mt-3 inline-block text-sm text-brand underline"
        >
          {t('All {total}', { total: counted(audit.data.meta.total, 'change') })}
        </Link>
      )}
    </Card>
  );
}
