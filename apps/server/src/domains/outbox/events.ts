import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { domainEventReceipts, domainEvents, type DomainEventTopic } from './tables';

export type DomainEventRow = typeof domainEvents.$inferSelect;

/** An event as its writer gives it: what happened to which order (`payload`: what a consumer needs of that moment). */
export interface OrderEvent {
  websiteId: number;
  orderId: string;
  topic: DomainEventTopic;
  payload?: Record<string, unknown>;
}

/**
 * Writes an order event with the handle of the transaction that made the change (issue 41 §4): it
 * commits with the change or not at all. Never called after a commit.
 */
export async function emitOrderEvent(tx: DbOrTx, e: OrderEvent): Promise<void> {
  await tx.insert(domainEvents).values({ websiteId: e.websiteId, orderId: e.orderId, topic: e.topic, payload: e.payload ?? {} });
}

/**
 * The same write as a statement to run inside another one (checkout's one-statement order write,
 * orders/placement.ts): writes `order.placed` for the order when `topic` is not null (a cash-on-
 * delivery order is placed at once; a prepaid one when it is paid). Values are SQL or placeholders.
 */
export function orderEventStatement(v: { websiteId: SQL | unknown; orderId: SQL | unknown; topic: SQL | unknown }): SQL {
  return sql`insert into ${domainEvents} (website_id, topic, order_id)
    select ${v.websiteId}::integer, ${v.topic}::text, ${v.orderId}::text where ${v.topic}::text is not null returning id`;
}

/**
 * A consumer's handling of one event, inside the transaction that records it as handled: whatever
 * it writes with `tx` (outbox rows) commits with the receipt, once. It may answer what to do once
 * that has committed (deliver the messages it queued).
 */
export type EventHandler = (tx: Tx, event: DomainEventRow) => Promise<(() => Promise<unknown>) | void>;

/** How long handled events are kept (for support), and how far back a consumer looks for unhandled ones. */
export const EVENT_RETENTION_DAYS = 30;
const LOOK_BACK_DAYS = 7;
/** A failed event rests 2 s, then 4 s, 8 s … up to an hour before this process tries it again. */
const FIRST_REST_MS = 2_000;
const LONGEST_REST_MS = 3_600_000;

/**
 * The consumers of the order event stream, run from the job runner (jobs.ts) and, outside
 * production, before the development outbox answers. Each consumer has its own processed markers
 * (`domain_event_receipts`): an event is handled in a transaction that first inserts its receipt,
 * so of two runs at once (two processes, a retry) one handles it and the other, waiting on the
 * receipt's key, finds it taken and skips it. A handler that fails rolls its receipt back: the event
 * is handled again on the next run. Markers, not a cursor: an event committed late with a lower id
 * is not skipped. A failed event rests in this process (doubling, up to an hour), so events that
 * keep failing at the head of the stream never hold back the ones behind them.
 */
export class EventStream {
  /** `consumer:event id` → when this process may try a failed event again, and how often it failed */
  private readonly resting = new Map<string, { until: number; failures: number }>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly consumers: Record<string, EventHandler>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The events of `consumer` resting after a failure, until their time comes. */
  private restingIds(consumer: string): number[] {
    const ids: number[] = [];
    for (const [k, rest] of this.resting) {
      const [c, id] = k.split(':');
      if (c === consumer && rest.until > this.now()) ids.push(Number(id));
    }
    return ids;
  }

  /** One pass of one consumer over up to `limit` unhandled events, oldest first: how many it handled. */
  async consume(consumer: string, limit = 50): Promise<number> {
    return (await this.pass(consumer, limit)).handled;
  }

  private async pass(consumer: string, limit: number): Promise<{ read: number; handled: number }> {
    const handle = this.consumers[consumer];
    if (!handle) throw new Error(`No event consumer ${consumer}`);
    const resting = this.restingIds(consumer);
    const pending = await this.db
      .select()
      .from(domainEvents)
      .where(
        sql`${domainEvents.createdAt} > now() - make_interval(days => ${LOOK_BACK_DAYS}) and not exists (
          select 1 from ${domainEventReceipts} r where r.consumer = ${consumer} and r.event_id = ${domainEvents.id})
          ${resting.length ? sql`and ${domainEvents.id} <> all(${`{${resting.join(',')}}`}::integer[])` : sql``}`,
      )
      .orderBy(domainEvents.id)
      .limit(limit);
    let handled = 0;
    for (const event of pending) {
      try {
        const after = await this.db.transaction(async (tx) => {
          const [mine] = await tx.insert(domainEventReceipts).values({ consumer, eventId: event.id }).onConflictDoNothing().returning();
          if (!mine) return null;
          return (await handle(tx, event)) ?? (() => Promise.resolve());
        });
        this.resting.delete(`${consumer}:${event.id}`);
        if (!after) continue;
        handled++;
        await after();
      } catch (e) {
        const failures = (this.resting.get(`${consumer}:${event.id}`)?.failures ?? 0) + 1;
        const restMs = Math.min(FIRST_REST_MS * 2 ** (failures - 1), LONGEST_REST_MS);
        this.resting.set(`${consumer}:${event.id}`, { until: this.now() + restMs, failures });
        this.log.error(
          { err: e, consumer, event: event.id, topic: event.topic, failures, restMs },
          'event consumer failed; tried again after a rest',
        );
      }
    }
    return { read: pending.length, handled };
  }

  /** Every consumer until it has nothing left (a failed event rests): events handled per consumer. */
  async drain(): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    for (const consumer of Object.keys(this.consumers)) {
      done[consumer] = 0;
      for (;;) {
        const { read, handled } = await this.pass(consumer, 50);
        done[consumer] += handled;
        if (read === 0) break;
      }
    }
    return done;
  }

  /** Events older than the retention, with their receipts; a plain guarded delete (every process may run it). */
  async purge(): Promise<number> {
    const gone = await this.db
      .delete(domainEvents)
      .where(lt(domainEvents.createdAt, sql`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`))
      .returning({ id: domainEvents.id });
    return gone.length;
  }

  /** The events of one order, oldest first (tests, support). */
  async ofOrder(orderId: string): Promise<DomainEventRow[]> {
    return this.db.select().from(domainEvents).where(eq(domainEvents.orderId, orderId)).orderBy(domainEvents.id);
  }
}
