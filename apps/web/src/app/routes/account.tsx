import { AccountLayout } from '../../features/account/components/account-layout';
import { AccountDashboard } from '../../features/account/components/dashboard';
import { AddressesPage } from '../../features/account/components/addresses-page';
import { DetailsPage } from '../../features/account/components/details-page';
import { SalesDashboard } from '../../features/account/components/sales-dashboard';
import { emptyCart } from '@grocer/shared/empty-cart';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MessageChoices } from '../../features/account/components/message-choices';
import { YourData } from '../../features/account/components/your-data';
import { applySession } from '../../features/auth/session';
import { ProductCard } from '@grocer/blocks/product-card';
import { buyAgainQuery } from '../../features/orders/api/orders';
import { useCart } from '../../features/cart/cart-store';
import { OrderPage } from '../../features/orders/components/order-page';
import { PayAnotherWay } from '../../features/checkout/components/pay-another-way';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';
import { t } from '../../lib/i18n';

/** /account and its children (spec §2); the route table marks them auth (and agent). */
export const Component = AccountLayout;

/** Buy again: what the shopper bought here before, one tap back into the cart. */
function BuyAgain() {
  const { data } = useQuery(buyAgainQuery);
  const controls = useProductControls();
  if (!data?.data.length) return null;
  return (
    <section className="mt-8" aria-labelledby="buy-again">
      <h2 id="buy-again" className="mb-3 text-lg font-semibold">
        {t('Buy again')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {data.data.slice(0, 8).map((p) => (
          <li key={p.product_id}>
            <ProductCard product={p} {...controls} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Dashboard() {
  return (
    <>
      <AccountDashboard />
      <BuyAgain />
    </>
  );
}

export function Details() {
  const init = useInit();
  const client = useQueryClient();
  const navigate = useNavigate();
  if (!init.user) return null;
  return (
    <>
      <DetailsPage key={init.user.id} user={init.user} />
      <div className="max-w-lg">
        <MessageChoices />
        <YourData
          user={init.user}
          onDeleted={async () => {
            await applySession(client, null, emptyCart());
            navigate('/', { replace: true });
          }}
        />
      </div>
    </>
  );
}

export function Addresses() {
  return <AddressesPage />;
}

export function Sales() {
  return <SalesDashboard />;
}

export function Orders() {
  return (
    <>
      <OrdersPage />
      <BuyAgain />
    </>
  );
}

export function Order() {
  const { id = '' } = useParams();
  const { actions } = useCart();
  return (
    <OrderPage
      key={id}
      id={id}
      onCart={actions.replace}
      pay={(o) => (
        // after a failure the other gateway; after the shopper's own cancel, the same one
        <PayAnotherWay order={o} failed={o.payment.status === 'failed' && o.payment.last_attempt !== 'cancelled'} title={t('Pay now')} />
      )}
    />
  );
}
