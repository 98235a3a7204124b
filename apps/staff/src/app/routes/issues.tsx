import { IssueList } from '../../features/issues/components/issue-list';

export function IssuesRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Issues</h1>
      <IssueList />
    </>
  );
}
