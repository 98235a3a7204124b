import { AnalyticsPage } from '../../features/analytics/components/analytics-page';

export function AnalyticsRoute() {
  return <AnalyticsPage />;
}
