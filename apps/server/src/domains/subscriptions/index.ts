/**
 * The subscriptions module's one published interface (issue 44 §4-6): daily essentials on
 * subscription, delivered by a nightly generation that turns tomorrow's due lines into orders
 * paid from the wallet. `createSubscriptions` makes the module from its dependencies (the database,
 * the wallet module, the outbox) and answers its routes, staff routes and the generation.
 */
import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { subscriptionAdminRoutes } from './admin-routes';
import { subscriptionAgentRoutes, type MyCustomer } from './agent-routes';
import type { Wallet } from './deps';
import { generateFor, type GenerationSummary, type Messages } from './generation';
import { announcePrices } from './prices';
import { subscriptionRoutes } from './routes';
import { changeable } from './rules';
import { DEFAULT_SETTINGS, settingsOf } from './service';
import { subscriptionSettings, subscriptions } from './tables';

export interface SubscriptionsDeps<R> {
  db: Db;
  wallet: Pick<Wallet, 'accountOf' | 'post'>;
  /** the outbox: low-balance and out-of-stock messages, written in the generation's transactions */
  messages: Messages<R>;
  /** orders written at once by a run (default 4) */
  concurrency?: number;
}

export function createSubscriptions<R>(deps: SubscriptionsDeps<R>) {
  const d = { ...deps, concurrency: deps.concurrency ?? 4 };
  return {
    /** `date`'s orders (one website or all): idempotent per (subscription, date) */
    generateFor: (date: string, websiteId?: number) => generateFor(d, date, websiteId),
    /** tells subscribers of price changes not told yet (prices.ts); answers how many packs changed */
    announcePrices: (websiteId: number, now = new Date()) => announcePrices(d, websiteId, now),
    /**
     * The nightly job: for each website with active subscriptions whose cut-off for tomorrow has
     * passed, tomorrow's orders. Run often; a run after the first creates nothing twice (and tries
     * held lines again, so a top-up after the message still gets the delivery).
     */
    async generateDue(now = new Date()): Promise<GenerationSummary[]> {
      const tomorrow = addShopDays(shopDayOf(now), 1);
      const sites = await d.db
        .selectDistinct({ websiteId: subscriptions.websiteId })
        .from(subscriptions)
        .where(eq(subscriptions.status, 'active'));
      const out: GenerationSummary[] = [];
      for (const { websiteId } of sites) {
        // price changes are told as soon as the job sees them, and apply from a later delivery (prices.ts)
        await announcePrices(d, websiteId, now);
        const [s] = await d.db.select().from(subscriptionSettings).where(eq(subscriptionSettings.websiteId, websiteId));
        if (changeable(tomorrow, s?.cutoffTime ?? DEFAULT_SETTINGS.cutoffTime, now)) continue;
        out.push(await generateFor(d, tomorrow, websiteId));
      }
      return out;
    },
    /** `/account/subscriptions*` */
    routes: subscriptionRoutes,
    routeOptions: { db: d.db },
    /** `/admin/subscriptions*`, registered in the staff scope */
    staffRoutes: subscriptionAdminRoutes,
    staffOptions: { db: d.db, wallet: d.wallet, generate: (date: string, websiteId: number) => generateFor(d, date, websiteId) },
    /** `/agent/customers/{id}/subscriptions*`: a sales agent manages their customers' (in the staff scope) */
    agentRoutes: subscriptionAgentRoutes,
    /** the agents module's check that a customer is the agent's own */
    agentOptions: (myCustomer: MyCustomer) => ({ db: d.db, myCustomer }),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
export type { GenerationSummary, Message, Messages } from './generation';
export type { MyCustomer } from './agent-routes';
/** The website's minimum wallet top-up in paise (its subscription settings; 0 until the owner sets one): the wallet enforces it (issue 44 §3). */
export const minTopupPaise = async (db: DbOrTx, websiteId: number): Promise<number> => (await settingsOf(db, websiteId)).minTopupPaise;
