import { PosScreen } from '../../features/pos/components/pos-screen';
import { useCan } from '../../lib/permissions';
import { useBoot } from '../boot';

/** The till; a cashier (no `pos.manage`) sees neither its settings nor the way to Administration. */
export function PosRoute() {
  return <PosScreen manager={useCan()('pos.manage')} websiteId={useBoot().website.id} />;
}
