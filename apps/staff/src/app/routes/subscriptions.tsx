import { Deliveries } from '../../features/subscriptions/components/deliveries';
import { DemandView } from '../../features/subscriptions/components/demand-view';
import { LowBalance } from '../../features/subscriptions/components/low-balance';
import { SubscriptionSettingsScreen } from '../../features/subscriptions/components/settings-form';
import { SubscriptionList } from '../../features/subscriptions/components/subscription-list';
import { SubscriptionTabs } from '../../features/subscriptions/components/subscription-tabs';
import { t } from '../../lib/i18n';

// Administration → Subscriptions (issue 44 §6): five tabs, one chunk.
function Frame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Subscriptions')}</h1>
      <SubscriptionTabs />
      {children}
    </>
  );
}

export const SubscriptionsDemandRoute = () => (
  <Frame>
    <DemandView />
  </Frame>
);
export const SubscriptionListRoute = () => (
  <Frame>
    <SubscriptionList />
  </Frame>
);
export const SubscriptionLowBalanceRoute = () => (
  <Frame>
    <LowBalance />
  </Frame>
);
export const SubscriptionSettingsRoute = () => (
  <Frame>
    <SubscriptionSettingsScreen />
  </Frame>
);
export const SubscriptionDeliveriesRoute = () => (
  <Frame>
    <Deliveries />
  </Frame>
);
