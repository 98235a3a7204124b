import { IssueList } from '../../features/issues/components/issue-list';
import { t } from '../../lib/i18n';

export function IssuesRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Issues')}</h1>
      <IssueList />
    </>
  );
}
