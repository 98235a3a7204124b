import { ReportsScreen } from '../../features/reports/components/reports-screen';

export function ReportsRoute() {
  return <ReportsScreen />;
}
