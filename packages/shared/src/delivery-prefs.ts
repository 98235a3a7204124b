// No zod here: the checkout page shows these without loading the contracts.

/**
 * What the shopper asks of the delivery person (issue 39 §16), as toggles at checkout; stored on the
 * order and shown to the shopper, the staff, the packer (packing slip) and the rider.
 */
export const DELIVERY_INSTRUCTIONS = ['leave_at_door', 'call_before', 'no_bell'] as const;
export type DeliveryInstruction = (typeof DELIVERY_INSTRUCTIONS)[number];
export const DELIVERY_INSTRUCTION_LABELS: Record<DeliveryInstruction, string> = {
  leave_at_door: 'Leave at the door',
  call_before: 'Call before delivery',
  no_bell: "Don't ring the bell",
};

/**
 * What the shop does when an item cannot be packed (issue 39 §16): ring the shopper, pack a similar
 * item, or leave it out and give its money back. `call` by default: nobody receives an item they
 * did not choose, and nothing goes missing without a word.
 */
export const SUBSTITUTIONS = ['call', 'replace', 'refund'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];
export const DEFAULT_SUBSTITUTION: Substitution = 'call';
export const SUBSTITUTION_LABELS: Record<Substitution, string> = {
  call: 'Call me',
  replace: 'Replace with similar',
  refund: 'Refund the item',
};

/**
 * A tip for the delivery person, in whole rupees (issue 39 §16): paid with the order (online, or in
 * the cash collected at the door), passed on to the rider, refunded in full when the order is
 * cancelled. Not a supply of the shop, so outside the invoice's taxable value (no GST).
 */
export const TIP_CHOICES = [0, 10, 20, 30] as const;
export const TIP_MAX = 200;
