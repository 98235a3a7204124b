import { LoadingView } from '../../components/ui/loading';
import { usePaymentSettings } from '../../features/payments/api/payments';
import { PaymentsScreen } from '../../features/payments/components/payments-screen';
import { errorMessage } from '../../lib/error-message';

export function PaymentsRoute() {
  const settings = usePaymentSettings();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Payments</h1>
      {settings.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(settings.error)}
        </p>
      ) : settings.data ? (
        <PaymentsScreen settings={settings.data} />
      ) : (
        <LoadingView />
      )}
    </>
  );
}
