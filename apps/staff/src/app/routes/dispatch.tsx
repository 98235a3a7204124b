import { DispatchScreen } from '../../features/dispatch/components/dispatch-screen';
import { DispatchSettingsSection } from '../../features/dispatch/components/dispatch-settings';
import { useCan } from '../../lib/permissions';
import { t } from '../../lib/i18n';

export function DispatchRoute() {
  const can = useCan();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Dispatch')}</h1>
      <DispatchScreen />
      <div className="mt-8">
        <DispatchSettingsSection canChange={can('orders.deliver')} />
      </div>
    </>
  );
}
