import { AccountLayout } from '../../features/account/components/account-layout';
import { AccountDashboard } from '../../features/account/components/dashboard';
import { AddressesPage } from '../../features/account/components/addresses-page';
import { DetailsPage } from '../../features/account/components/details-page';
import { SalesDashboard } from '../../features/account/components/sales-dashboard';
import { useParams } from 'react-router';
import { useCart } from '../../features/cart/cart-store';
import { OrderPage } from '../../features/orders/components/order-page';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { useInit } from '../../lib/init';

/** /account and its children (spec §2); the route table marks them auth (and agent). */
export const Component = AccountLayout;

export function Dashboard() {
  return <AccountDashboard />;
}

export function Details() {
  const init = useInit();
  return init.user ? <DetailsPage key={init.user.id} user={init.user} /> : null;
}

export function Addresses() {
  return <AddressesPage />;
}

export function Sales() {
  return <SalesDashboard />;
}

export function Orders() {
  return <OrdersPage />;
}

export function Order() {
  const { id = '' } = useParams();
  const { actions } = useCart();
  return <OrderPage key={id} id={id} onCart={actions.replace} />;
}
