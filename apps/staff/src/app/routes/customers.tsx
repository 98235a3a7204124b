import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useCustomer } from '../../features/customers/api/customers';
import { CustomerList } from '../../features/customers/components/customer-list';
import { CustomerScreen } from '../../features/customers/components/customer-screen';
import { SavedViews } from '../../features/saved-views/components/saved-views';
import { errorMessage } from '../../lib/error-message';
import { NotFound } from '../route-error';
import { t } from '../../lib/i18n';

export function CustomersRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Customers')}</h1>
      <SavedViews list="customers" />
      <CustomerList />
    </>
  );
}

export function CustomerRoute() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  if (!Number.isInteger(id) || id <= 0 || (customer.error && 'status' in customer.error && customer.error.status === 404))
    return <NotFound />;
  if (customer.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(customer.error)}
      </p>
    );
  if (!customer.data) return <LoadingView />;
  return <CustomerScreen customer={customer.data} />;
}
