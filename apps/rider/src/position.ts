import { distanceMetres } from '@grocer/shared/geo';

/** A position the phone reported, and when (ms). */
export interface Fix {
  lat: number;
  lng: number;
  at: number;
}

/** Send a position at most this often… */
export const SEND_EVERY_MS = 30_000;
/** …unless the rider moved at least this far since the last one sent. */
export const SEND_AFTER_METRES = 100;

/**
 * Whether a new fix is worth sending: the first one, one after half a minute, or one after 100 m.
 * A phone's watch reports every second or so; this keeps a rider's data and battery to a trickle.
 */
export function shouldSend(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  if (next.at - last.at >= SEND_EVERY_MS) return true;
  return distanceMetres(last, next) >= SEND_AFTER_METRES;
}
