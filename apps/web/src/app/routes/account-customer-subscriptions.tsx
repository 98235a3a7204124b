import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { AddressForm } from '../../features/account/components/addresses-page';
import { agentCustomersQuery } from '../../features/checkout/api/checkout';
import { customerSubscriptions } from '../../features/subscriptions/api';
import { SubscriptionPage } from '../../features/subscriptions/components/subscription-page';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page';

/**
 * A sales agent's customer's subscriptions (issue 44), from the sales dashboard: the shopper's own
 * pages over the agent's calls (`/api/agent/customers/{id}/subscriptions*`). The customer is named
 * from the agent's customers; one not theirs is refused by the server (404), and the page says so.
 */
function useOwner() {
  const id = Number(useParams().customer ?? '');
  const { data, isPending } = useQuery(agentCustomersQuery);
  const c = data?.data.find((x) => x.id === id);
  return { owner: customerSubscriptions({ id, name: c?.name ?? `#${id}` }), isPending };
}

/** /account/dashboard/customers/{customer}/subscriptions: the customer's subscriptions. */
export function Component() {
  const { owner, isPending } = useOwner();
  if (isPending) return <LoadingView />;
  return (
    <SubscriptionsPage
      key={owner.api}
      owner={owner}
      addressForm={(p) => (
        <AddressForm address={null} customer={p.customer ?? undefined} first={p.first} onClose={p.onClose} onSaved={p.onSaved} />
      )}
    />
  );
}

/** /account/dashboard/customers/{customer}/subscriptions/{id}: one of them, to change as the customer would. */
export function Subscription() {
  const { owner, isPending } = useOwner();
  const { id = '' } = useParams();
  if (isPending) return <LoadingView />;
  return <SubscriptionPage key={`${owner.api}/${id}`} id={Number(id)} owner={owner} />;
}
