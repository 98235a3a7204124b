import { DeliveryScreen } from '../../features/delivery/components/delivery-screen';
import { t } from '../../lib/i18n';

export function DeliveryRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Delivery')}</h1>
      <DeliveryScreen />
    </>
  );
}
