import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useCustomerGroup } from '../../features/customer-groups/api/customer-groups';
import { CustomerGroupEditor, CustomerGroupList } from '../../features/customer-groups/components/customer-groups';
import { errorMessage } from '../../lib/error-message';
import { NotFound } from '../route-error';
import { t } from '../../lib/i18n';

export function CustomerGroupsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Customer groups')}</h1>
      <CustomerGroupList />
    </>
  );
}

export function CustomerGroupRoute() {
  const id = Number(useParams().id);
  const group = useCustomerGroup(id);
  if (!Number.isInteger(id) || id <= 0 || (group.error && 'status' in group.error && group.error.status === 404)) return <NotFound />;
  if (group.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(group.error)}
      </p>
    );
  if (!group.data) return <LoadingView />;
  return <CustomerGroupEditor key={group.data.id} group={group.data} />;
}
