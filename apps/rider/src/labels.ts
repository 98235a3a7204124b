import type { FailNext, FailReason, TripStatus } from '@grocer/shared/delivery-trips';

/**
 * The words the rider reads. The fail reasons repeat the shared FAIL_REASON_LABELS (lib.test.ts
 * checks they match): importing them would bring zod into the first chunk.
 */
export const FAIL_LABELS: Record<FailReason, string> = {
  not_at_home: 'Not at home',
  refused: 'Refused',
  wrong_address: 'Wrong address',
  could_not_reach: 'Could not reach',
};
export const FAIL_NEXT_LABELS: Record<FailNext, string> = {
  reattempt: 'Deliver again on a later trip',
  return_to_store: 'Return it to the store (order cancelled)',
};
export const STATUS_LABELS: Record<TripStatus, string> = { planned: 'Planned', out: 'Out for delivery', done: 'Done' };

/** 'Priya Shopper' → 'Priya' (a rider needs no more of the name at the door). */
export const firstName = (name: string | null): string => name?.trim().split(/\s+/)[0] ?? '';
