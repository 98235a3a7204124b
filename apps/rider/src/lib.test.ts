import { ApiError } from '@grocer/shared/api-client';
import { FAIL_REASON_LABELS } from '@grocer/shared/delivery-trips';
import { describe, expect, it } from 'vitest';
import { FAIL_LABELS, firstName } from './labels';
import { mapsHref, parseRupees, plainError, rupees, shortBy } from './lib';
import { parseRoute, pathOf, type Route } from './router';

describe('rider helpers', () => {
  it('writes paise as the shop writes money', () => {
    expect(rupees(45000)).toBe('₹450');
    expect(rupees(62820)).toBe('₹628.20');
    expect(rupees(12345600)).toBe('₹1,23,456');
    expect(rupees(0)).toBe('₹0');
  });

  it('reads amounts typed in rupees as paise, refusing what is not an amount', () => {
    expect(parseRupees('450')).toBe(45000);
    expect(parseRupees(' ₹1,200.5 ')).toBe(120050);
    expect(parseRupees('')).toBe(0);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
    expect(shortBy(45000, 30000, 10000)).toBe(5000);
    expect(shortBy(45000, 45000, 0)).toBe(0);
  });

  it('opens the maps app: coordinates first, then the server links, else a search of address and pincode', () => {
    expect(mapsHref({ lat: 12.93, lng: 77.62, geo_url: 'geo:0,0?q=x' }, true)).toBe('geo:12.93,77.62?q=12.93,77.62');
    expect(mapsHref({ lat: 12.93, lng: 77.62 }, false)).toBe('https://www.google.com/maps/search/?api=1&query=12.93,77.62');
    const server = { geo_url: 'geo:0,0?q=a', maps_url: 'https://www.google.com/maps/search/?api=1&query=a' };
    expect(mapsHref(server, true)).toBe(server.geo_url);
    expect(mapsHref(server, false)).toBe(server.maps_url);
    expect(mapsHref({ address: 'Flat 12, 80 Feet Road', pincode: '560034' }, false)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Flat%2012%2C%2080%20Feet%20Road%2C%20560034',
    );
    expect(mapsHref({ address: 'MG Road', pincode: '560001' }, true)).toBe('geo:0,0?q=MG%20Road%2C%20560001');
    // a finished trip: no address, no links
    expect(mapsHref({ address: null, pincode: '560034', geo_url: null, maps_url: null }, true)).toBeNull();
  });

  it("says the server's failures in plain words", () => {
    const err = (status: number, code: string, message = '', errors?: object) => new ApiError(status, { code, message, errors });
    expect(plainError(err(422, 'CASH_MISMATCH', 'x'), 45000)).toBe(
      'Cash and UPI must add up to ₹450. If the customer paid less, say why under “Reason for less”.',
    );
    expect(plainError(err(429, 'DELIVERY_CODE_LOCKED', 'Too many wrong codes: try again in 15 min, or ask the shop to override'))).toBe(
      'Too many wrong codes: try again in 15 min, or ask the shop to override.',
    );
    expect(plainError(err(422, 'DELIVERY_CODE_WRONG', 'That is not the delivery code: 4 tries left'))).toBe(
      'That is not the delivery code: 4 tries left',
    );
    expect(plainError(err(403, 'FORBIDDEN', 'You are not allowed to do that.'))).toMatch(/not a rider/);
    expect(plainError(err(422, 'VALIDATION_FAILED', 'Please check', { code: ['The delivery code is 4 digits'] }))).toBe(
      'The delivery code is 4 digits',
    );
    expect(plainError(new ApiError(502, '<html>'))).toBe('The shop could not answer just now. Please try again.');
    expect(plainError(new TypeError('Failed to fetch'))).toMatch(/No connection/);
  });

  it('keeps the fail reasons in step with the shared ones, and only the first name', () => {
    expect(FAIL_LABELS).toEqual(FAIL_REASON_LABELS);
    expect(firstName('Priya  Shopper')).toBe('Priya');
    expect(firstName(null)).toBe('');
  });

  it('reads and writes the screens’ addresses under /rider', () => {
    const routes: Route[] = [
      { name: 'trips' },
      { name: 'trip', id: 7 },
      { name: 'deliver', id: 7, orderId: 'ord_1' },
      { name: 'fail', id: 7, orderId: 'ord 2' },
    ];
    for (const r of routes) expect(parseRoute(pathOf(r))).toEqual(r);
    expect(parseRoute('/rider')).toEqual({ name: 'trips' });
    expect(parseRoute('/rider/nowhere')).toEqual({ name: 'trips' });
  });
});
