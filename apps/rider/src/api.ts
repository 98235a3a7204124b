/**
 * The rider's calls: the code sign-in the staff app uses (`/s/api/auth/login`, `/auth/verify`,
 * `/auth/logout`) and the rider API (`/s/api/rider/*`, apps/server/docs/delivery-trips.md). The
 * rider answers are parsed with their shared zod schemas, loaded beside the first call (so zod is
 * not in the first chunk the phone downloads).
 */
import { api, apiChecked, field } from '@grocer/shared/api-client';
import type { DeliverInput, FailInput, RiderPosition, RiderPositionInput, RiderTrip, RiderTrips } from '@grocer/shared/delivery-trips';

const schemas = () => import('@grocer/shared/delivery-trips');
const tripSchema = () => schemas().then((m) => m.riderTripSchema);

/** Where the sign-in code went ('email' or 'sms', masked) and when another may be asked for. */
export interface CodeSent {
  sentTo: string;
  resendAfter: number;
}

export async function sendCode(identifier: string): Promise<CodeSent> {
  const res = await api('/api/auth/login', { method: 'POST', body: { identifier } });
  return { sentTo: String(field(res, 'sent_to') ?? identifier), resendAfter: Number(field(res, 'resend_after') ?? 30) };
}

/** Signs in; answers the person's first name. */
export async function verifyCode(identifier: string, code: string): Promise<string> {
  const res = await api('/api/auth/verify', { method: 'POST', body: { identifier, code } });
  return String(field(field(res, 'user'), 'name') ?? '');
}

export const signOut = () => api('/api/auth/logout');

export const myTrips = (): Promise<RiderTrips> => apiChecked('/api/rider/trips', () => schemas().then((m) => m.riderTripsSchema));
export const trip = (id: number): Promise<RiderTrip> => apiChecked(`/api/rider/trips/${id}`, tripSchema);
export const pickUp = (id: number): Promise<RiderTrip> => apiChecked(`/api/rider/trips/${id}/pick-up`, tripSchema, { method: 'POST' });
export const deliver = (orderId: string, body: DeliverInput): Promise<RiderTrip> =>
  apiChecked(`/api/rider/orders/${encodeURIComponent(orderId)}/deliver`, tripSchema, { method: 'POST', body });
export const failStop = (orderId: string, body: FailInput): Promise<RiderTrip> =>
  apiChecked(`/api/rider/orders/${encodeURIComponent(orderId)}/fail`, tripSchema, { method: 'POST', body });

// the phone's position while a trip is out (issue 45 §5; location.tsx)
const positionSchema = () => schemas().then((m) => m.riderPositionSchema);
export const position = (tripId: number): Promise<RiderPosition> => apiChecked(`/api/rider/trips/${tripId}/position`, positionSchema);
export const sharePosition = (tripId: number, body: RiderPositionInput): Promise<RiderPosition> =>
  apiChecked(`/api/rider/trips/${tripId}/position`, positionSchema, { method: 'PUT', body });
export const stopSharing = (tripId: number): Promise<RiderPosition> =>
  apiChecked(`/api/rider/trips/${tripId}/position`, positionSchema, { method: 'DELETE' });
