import { PosScreen } from '../../features/pos/components/pos-screen';
import { useBoot } from '../boot';

/** The till; a cashier (no admin access) sees neither its settings nor the way to Administration. */
export function PosRoute() {
  const { user } = useBoot();
  return <PosScreen manager={user.hasAdminAccess || user.superadmin} />;
}
