import { z } from 'zod';

/**
 * Browser push for new orders (issue 40.17): the staff app subscribes a browser with the
 * installation's VAPID public key and sends the subscription here (`/s/api/admin/orders/push`);
 * when an order is placed, the server pushes to every subscribed browser of the website's staff
 * who may read orders.
 */
export const pushStatusSchema = z.object({
  /** the VAPID public key (base64url), the browser's `applicationServerKey` */
  public_key: z.string(),
  /** how many browsers of the person asking are subscribed on this website */
  subscriptions: z.number().int(),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

/** A browser's `PushSubscription.toJSON()`, as the Push API gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'Not a push service address' }).max(2000),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) }).strict();

/** What a new-order push carries (encrypted to the browser); the service worker shows it. */
export const newOrderPushSchema = z.object({
  kind: z.literal('new-order'),
  title: z.string(),
  body: z.string(),
  /** where a click takes the staff member */
  url: z.string(),
  tag: z.string(),
});
export type NewOrderPush = z.infer<typeof newOrderPushSchema>;
