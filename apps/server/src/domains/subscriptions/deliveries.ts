import type { DeliveryList, GenerationStatus } from '@grocer/shared/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildTrips, findAddress, packLines, slotOf, tripOrders, usersByIds, type TripOrder } from './deps';
import { dueOn, type DueLine } from './service';
import { subscriptionExtras, subscriptionGenerations } from './tables';

/**
 * The morning delivery list (issue 44 §6): a date's subscription deliveries, one stop per customer,
 * address and slot (as the generation makes one order of them), with their lines and one-off items,
 * what the generation did (pending until it runs), and the order made. Stops go in the trip
 * builder's route order (delivery-trips: by pincode, then area, the address's second line),
 * numbered over the whole list and grouped by pincode and area, for the owner to print.
 */
export async function deliveryList(db: Db, websiteId: number, date: string): Promise<DeliveryList> {
  const due = await dueOn(db, date, websiteId);
  if (!due.length) return { date, areas: [] };
  const ids = due.map((l) => l.subscription.id);
  const made = new Map(
    (
      await db
        .select()
        .from(subscriptionGenerations)
        .where(
          and(
            eq(subscriptionGenerations.websiteId, websiteId),
            eq(subscriptionGenerations.deliveryDate, date),
            inArray(subscriptionGenerations.subscriptionId, ids),
          ),
        )
    ).map((g) => [g.subscriptionId, g]),
  );
  const extras = await db
    .select()
    .from(subscriptionExtras)
    .where(
      and(
        eq(subscriptionExtras.websiteId, websiteId),
        eq(subscriptionExtras.deliveryDate, date),
        inArray(subscriptionExtras.subscriptionId, ids),
      ),
    );
  const names = new Map(
    (await packLines(db, websiteId, [...new Set([...due.map((l) => l.subscription.packId), ...extras.map((e) => e.packId)])])).map((p) => [
      p.packId,
      `${p.productName} ${p.packName}`,
    ]),
  );
  const groups = new Map<string, DueLine[]>();
  for (const l of due) {
    const s = l.subscription;
    const key = `${s.userId}:${s.slotId ?? '-'}:${s.addressId}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const people = new Map((await usersByIds(db, [...new Set(due.map((l) => l.subscription.userId))])).map((u) => [u.id, u]));
  const orderIds = [...made.values()].flatMap((g) => (g.orderId ? [g.orderId] : []));
  const orders = new Map((await tripOrders(db, websiteId, orderIds)).map((o) => [o.id, o]));
  const slots = new Map<number, string | null>();
  for (const id of new Set(due.flatMap((l) => (l.subscription.slotId === null ? [] : [l.subscription.slotId])))) {
    const slot = await slotOf(db, websiteId, id);
    slots.set(id, slot ? `${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}` : null);
  }

  const stops = new Map<string, Omit<DeliveryList['areas'][number]['stops'][number], 'sequence'>>();
  const route: TripOrder[] = [];
  for (const [key, lines] of groups) {
    const first = lines[0]!.subscription;
    const address = await findAddress(db, { websiteId, userId: first.userId }, first.addressId);
    const person = people.get(first.userId);
    const generated = lines.map((l) => made.get(l.subscription.id)).filter((g) => !!g);
    const ordered = generated.find((g) => g.status === 'ordered');
    const status: 'pending' | GenerationStatus = ordered ? 'ordered' : (generated[0]?.status ?? 'pending');
    const order = ordered?.orderId ? orders.get(ordered.orderId) : undefined;
    const mineIds = new Set(lines.map((l) => l.subscription.id));
    stops.set(key, {
      user_id: first.userId,
      name: address?.name ?? person?.name ?? null,
      phone: address?.phone ?? person?.phone ?? null,
      address: address ? [address.line1, address.line2, address.landmark, address.city].filter(Boolean).join(', ') : '',
      pincode: address?.pincode ?? '',
      area: address?.line2 ?? '',
      slot: first.slotId === null ? null : (slots.get(first.slotId) ?? null),
      items: [
        ...lines.map((l) => ({ label: names.get(l.subscription.packId) ?? '', quantity: l.quantity, extra: false })),
        ...extras
          .filter((e) => mineIds.has(e.subscriptionId))
          .map((e) => ({ label: names.get(e.packId) ?? '', quantity: e.quantity, extra: true })),
      ],
      status,
      order_id: order?.id ?? null,
      ordernumber: order?.ordernumber ?? null,
      payment: order ? (order.paymentMethod === 'khata' ? 'khata' : 'wallet') : null,
    });
    route.push({
      id: key,
      zoneId: null,
      pincode: address?.pincode ?? '',
      area: address?.line2 ?? '',
      ordernumber: `${address?.name ?? person?.name ?? ''}`.toLowerCase(),
    });
  }
  // one list in the trip builder's route order (no trip is cut: the owner splits the printout by rider)
  const ordered = buildTrips(route, { maxStops: route.length }).flatMap((t) => t.orderIds);
  const areas: DeliveryList['areas'] = [];
  ordered.forEach((key, i) => {
    const stop = { sequence: i + 1, ...stops.get(key)! };
    const last = areas.at(-1);
    if (last && last.pincode === stop.pincode && last.area.toLowerCase() === stop.area.toLowerCase()) last.stops.push(stop);
    else areas.push({ pincode: stop.pincode, area: stop.area, stops: [stop] });
  });
  return { date, areas };
}
