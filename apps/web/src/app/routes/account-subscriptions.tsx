import { useParams } from 'react-router';
import { SubscriptionPage } from '../../features/subscriptions/components/subscription-page';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page';

/** /account/subscriptions (issue 44 §4): the shopper's subscriptions. */
export function Component() {
  return <SubscriptionsPage />;
}

/** /account/subscriptions/{id}: one subscription, its 30-day calendar, Vacation, Resume, Cancel. */
export function Subscription() {
  const { id = '' } = useParams();
  return <SubscriptionPage key={id} id={Number(id)} />;
}
