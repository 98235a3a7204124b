import { OrderList } from '../../features/orders/components/order-list';

export function OrdersRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Orders</h1>
      <OrderList />
    </>
  );
}
