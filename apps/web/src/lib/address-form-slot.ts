import type { Address } from '@grocer/shared/account';
import type { ReactNode } from 'react';

/**
 * The account's address form, handed by a route to a feature that adds an address (checkout, a sales
 * agent's subscribe form): features do not import each other. `customer`: a sales agent adds it to
 * that customer's book; none, to the shopper's own. `first`: the book is empty.
 */
export type AddressFormSlot = (props: {
  onClose: () => void;
  onSaved: (a: Address) => unknown;
  customer: { id: number; name: string } | null;
  first: boolean;
}) => ReactNode;
