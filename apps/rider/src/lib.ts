/**
 * The rider app's pure helpers: money, the maps link, the amounts typed at the
 * door, and an API failure in plain words. No DOM, no Preact: tested in lib.test.ts.
 */
import { ApiError, field } from '@grocer/shared/api-client';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';

/** Paise as the shop writes money: '₹1,234', '₹628.20'. */
export const rupees = (paise: number): string => formatINR(toRupees(paise));

/** What the phone's maps app opens for a stop. */
export interface MapsTarget {
  geo_url?: string | null;
  maps_url?: string | null;
  address?: string | null;
  pincode?: string | null;
  lat?: number | null;
  lng?: number | null;
}

/**
 * The link that opens a stop in the phone's maps app: a `geo:` URI with the coordinates when the
 * address has them (Android opens its maps app at the spot), else the server's links (a `geo:` search
 * on Android, a Google Maps search elsewhere), else a Maps search of the address and pincode; none
 * without an address (a finished trip keeps only the pincode).
 */
export function mapsHref(t: MapsTarget, android: boolean): string | null {
  if (t.lat != null && t.lng != null && Number.isFinite(t.lat) && Number.isFinite(t.lng)) {
    const at = `${t.lat},${t.lng}`;
    return android ? `geo:${at}?q=${at}` : `https://www.google.com/maps/search/?api=1&query=${at}`;
  }
  const server = android ? (t.geo_url ?? t.maps_url) : (t.maps_url ?? t.geo_url);
  if (server) return server;
  // no address (the trip is over): nowhere to go
  if (!t.address?.trim()) return null;
  const q = [t.address, t.pincode].filter((x) => x && x.trim()).join(', ');
  return android ? `geo:0,0?q=${encodeURIComponent(q)}` : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/**
 * An amount typed in rupees ('450', '450.5', '1,200', '') → paise; null when it is not an amount.
 * Empty is nothing collected.
 */
export function parseRupees(text: string): number | null {
  const s = text.replace(/[₹,\s]/g, '');
  if (s === '') return 0;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  return toPaise(Number(s));
}

/** What the rider still has to account for at the door: positive, short; 0, the total made. */
export const shortBy = (collect: number, cash: number, upi: number): number => collect - cash - upi;

/** The server's failures the rider meets, in the rider's words (others: the server's own message). */
const PLAIN: Record<string, string> = {
  UNAUTHENTICATED: 'You are signed out. Please sign in again.',
  FORBIDDEN: 'This account is not a rider here. Ask the shop to tick Rider for you on Administration → Staff.',
  NOT_FOUND: 'This trip or order is not yours, or it has ended.',
  ORDER_NOT_FOUND: 'This trip or order is not yours, or it has ended.',
  DELIVERY_CODE_REQUIRED: 'Ask the customer for the 4-digit delivery code sent to them.',
  TRIP_EMPTY: 'This trip has no orders left to take out: the customers cancelled them.',
  ORDER_MOVE_FORBIDDEN: 'This order can no longer be delivered: the customer cancelled it or the shop changed it.',
  RATE_LIMITED: 'Too many tries. Please wait a minute and try again.',
};

/** A failure as the rider reads it: the code's plain words, else the server's message, else a network hint. */
export function plainError(e: unknown, collect?: number): string {
  if (e instanceof ApiError) {
    const code = e.code;
    if (code === 'CASH_MISMATCH' && collect !== undefined)
      return `Cash and UPI must add up to ${rupees(collect)}. If the customer paid less, say why under “Reason for less”.`;
    if (code === 'DELIVERY_CODE_LOCKED') {
      const said = field(e.data, 'message');
      return typeof said === 'string' ? `${said}.` : 'Too many wrong codes: wait 15 minutes or ask the shop to override.';
    }
    if (code && PLAIN[code]) return PLAIN[code];
    const errors = Object.values(e.fieldErrors).flat();
    const message = field(e.data, 'message');
    if (errors.length) return errors.join(' ');
    if (typeof message === 'string' && message) return message;
    return e.status >= 500 ? 'The shop could not answer just now. Please try again.' : 'That did not work. Please try again.';
  }
  if (e instanceof TypeError) return 'No connection. Check your mobile data and try again.';
  return 'Something went wrong. Please try again.';
}
