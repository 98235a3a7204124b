import { AuditList } from '../../features/audit/components/audit-list';

export function AuditRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Audit log</h1>
      <AuditList />
    </>
  );
}
