import { useParams } from 'react-router';
import { AddressForm, ownPrefill } from '../../features/account/components/addresses-page';
import { CouponEntry } from '../../features/cart/components/cart-drawer';
import { useCart } from '../../features/cart/cart-store';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { ConfirmPage } from '../../features/checkout/components/confirm-page';
import { PayPage } from '../../features/checkout/components/pay-page';
import { SuccessPage } from '../../features/checkout/components/success-page';
import { useInit } from '../../lib/init';

/** /checkout: the checkout feature with the cart's coupon entry and the account's address form. */
export function Component() {
  const { cart, actions } = useCart();
  const init = useInit();
  return (
    <CheckoutPage
      agent={!!init.user?.isSalesAgent}
      cartVersion={`${cart.quantity}|${cart.total}|${cart.offercode ?? ''}`}
      coupon={<CouponEntry />}
      addressForm={(p) => (
        <AddressForm
          address={null}
          prefill={p.customer ? undefined : ownPrefill(init)}
          customer={p.customer ?? undefined}
          first={p.first}
          onClose={p.onClose}
          onSaved={p.onSaved}
        />
      )}
      onCart={actions.replace}
      onRemove={(packId) => actions.remove(packId, true)}
    />
  );
}

export function Razorpay() {
  const { id = '' } = useParams();
  return <PayPage key={id} orderId={id} provider="razorpay" />;
}

export function Cashfree() {
  const { id = '' } = useParams();
  return <PayPage key={id} orderId={id} provider="cashfree" />;
}

export function Confirm() {
  const { id = '' } = useParams();
  return <ConfirmPage key={id} orderId={id} />;
}

export function Success() {
  const { ordernumber = '' } = useParams();
  return <SuccessPage key={ordernumber} ordernumber={ordernumber} />;
}
