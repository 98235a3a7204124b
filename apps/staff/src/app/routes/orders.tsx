import { OrderList } from '../../features/orders/components/order-list';
import { PushToggle } from '../../features/push/components/push-toggle';
import { SavedViews } from '../../features/saved-views/components/saved-views';
import { OrdersHeader } from './drafts';

export function OrdersRoute() {
  return (
    <>
      <OrdersHeader />
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex-1">
          <SavedViews list="orders" />
        </div>
        <PushToggle />
      </div>
      <OrderList />
    </>
  );
}
