import { StaffScreen } from '../../features/staff/components/staff-screen';
import { t } from '../../lib/i18n';

export function StaffRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Staff')}</h1>
      <StaffScreen />
    </>
  );
}
