import { LoadingView } from '../../components/ui/loading';
import { usePaymentSettings } from '../../features/payments/api/payments';
import { PaymentsScreen } from '../../features/payments/components/payments-screen';
import { useWhatsappSettings } from '../../features/whatsapp/api/whatsapp';
import { WhatsappSettingsCard } from '../../features/whatsapp/components/whatsapp-settings';
import { errorMessage } from '../../lib/error-message';
import { t } from '../../lib/i18n';

export function PaymentsRoute() {
  const settings = usePaymentSettings();
  const whatsapp = useWhatsappSettings();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Payments')}</h1>
      {settings.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(settings.error)}
        </p>
      ) : settings.data ? (
        <PaymentsScreen settings={settings.data} />
      ) : (
        <LoadingView />
      )}
      {/* WhatsApp order updates (issue 46 §6): provider keys like the gateways', same permission */}
      <div className="mt-6">
        {whatsapp.error ? (
          <p role="alert" className="text-red-700">
            {errorMessage(whatsapp.error)}
          </p>
        ) : whatsapp.data ? (
          <WhatsappSettingsCard settings={whatsapp.data} />
        ) : null}
      </div>
    </>
  );
}
