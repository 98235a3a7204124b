import { AuditList } from '../../features/audit/components/audit-list';
import { t } from '../../lib/i18n';

export function AuditRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Audit log')}</h1>
      <AuditList />
    </>
  );
}
