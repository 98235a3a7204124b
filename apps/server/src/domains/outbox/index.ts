/**
 * The outbox module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module): the order event stream (issue 41
 * §4, docs/orders.md), written in the transaction of the change and read by its consumers.
 */
export {
  /** an order's event, written with the handle of the transaction that made the change */
  emitOrderEvent,
  /** the same write inside another statement (checkout's one order statement) */
  orderEventStatement,
  /** the consumers of the stream: each handles each event once (`drain`, run by the jobs) */
  EventStream,
  /** a consumer's handling of one event, in the transaction that marks it handled */
  type EventHandler,
  type DomainEventRow,
  type OrderEvent,
} from './events';
export {
  /** the outbox: messages written first, then delivered (a channel plugs in: WhatsApp, issue 46) */
  Outbox,
  type OutboxRow,
  /** an SMS's WhatsApp template (sent on WhatsApp instead when the website has it on) */
  type WhatsappHint,
  /** the WhatsApp channel the outbox delivers through (domains/whatsapp) */
  type WhatsappChannel,
} from './service';
export { documentFont, documentLang } from './documents';
export { customerLanguage, customerMessages } from './language';
export {
  /** the shopper's channels per kind of message (issue 46 §7): the account page's, and WhatsApp STOP/START */
  choicesOf,
  saveChoices,
  setWhatsappStopped,
  whatsappStopped,
} from './choices';
/** read at scrape time by the metrics (handed to `createMetrics` by app.ts) */
export { outboxBacklog } from './stats';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { devOutboxRoutes } from './routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { pushAdminRoutes } from './admin-routes';
