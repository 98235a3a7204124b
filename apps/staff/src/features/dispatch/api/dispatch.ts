import type { DispatchSlot } from '@grocer/shared/delivery-trips';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const schemas = () => import('@grocer/shared/delivery-trips');

/** GET /s/api/admin/dispatch/slots: the day's slots with their packed orders and trips. */
export const dispatchSlotsQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'dispatch', 'slots', date],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/dispatch/slots?date=${date}`, async () => (await schemas()).dispatchSlotsSchema, { signal }),
  });
export const useDispatchSlots = (date: string) => useQuery(dispatchSlotsQuery(date));

/** GET /s/api/admin/dispatch: a slot's trips, stops in route order, packed orders in no trip, riders. */
export const dispatchQuery = (slotId: number, date: string) =>
  queryOptions({
    queryKey: ['admin', 'dispatch', 'slot', slotId, date],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/dispatch?slot_id=${slotId}&date=${date}`, async () => (await schemas()).dispatchSlotSchema, { signal }),
    placeholderData: keepPreviousData,
  });
export const useDispatch = (slotId: number | null, date: string) =>
  useQuery({ ...dispatchQuery(slotId ?? 0, date), enabled: slotId !== null });

/** Every dispatch change answers the slot as it now stands: it replaces the cached one. */
function useDispatchChange<V>(call: (v: V) => Promise<DispatchSlot>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (slot) => {
      client.setQueryData(dispatchQuery(slot.slot.id, slot.slot.date).queryKey, slot);
      void client.invalidateQueries({ queryKey: ['admin', 'dispatch', 'slots'] });
    },
  });
}
const post = (path: string, body: unknown) =>
  apiChecked(`/api/admin/dispatch${path}`, async () => (await schemas()).dispatchSlotSchema, { method: 'POST', body });

/** POST /s/api/admin/dispatch/build: the slot's planned trips made again from its packed orders. */
export const useBuildTrips = () => useDispatchChange((v: { slot_id: number; date: string; max_stops: number }) => post('/build', v));
/** POST /s/api/admin/dispatch/trips/{id}/rider */
export const useAssignRider = () =>
  useDispatchChange((v: { tripId: number; riderId: number | null }) => post(`/trips/${v.tripId}/rider`, { rider_id: v.riderId }));
/** POST /s/api/admin/dispatch/move: an order to another planned trip of the slot. */
export const useMoveOrder = () =>
  useDispatchChange((v: { orderId: string; toTripId: number }) => post('/move', { order_id: v.orderId, to_trip_id: v.toTripId }));
/** POST /s/api/admin/dispatch/trips/{id}/start: its orders go out for delivery, each shopper gets the code. */
export const useStartTrip = () => useDispatchChange((v: { tripId: number }) => post(`/trips/${v.tripId}/start`, {}));

/** The printable trip sheet (HTML, opened in a new tab). */
export const tripSheetUrl = (tripId: number) => `/s/api/admin/dispatch/trips/${tripId}/sheet`;
