import { FUNNEL_STEPS, SHOP_EVENTS } from '@grocer/shared/analytics-events';
import type { AnalyticsSettings, AnalyticsSummary } from '@grocer/shared/analytics';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { Errors, fail } from '../../http/errors';
import { checkOutboundUrl, refusalMessage, type Resolve } from '../../http/outbound';
import { recordAudit, type AuditActor } from '../audit';
import { topSoldProducts } from '../orders/service';
import type { PosthogEvent } from './decode';
import { analyticsEvents, analyticsSettings } from './tables';
import { shopDaySql } from '../../db/shop-time';

export const DEFAULT_ANALYTICS: AnalyticsSettings = {
  consent: 'on',
  posthog_host: '',
  posthog_key: '',
  staff_analytics: false,
  retention_days: 90,
};

type Row = typeof analyticsSettings.$inferSelect;
const toApi = (r: Row): AnalyticsSettings => ({
  consent: r.consent,
  posthog_host: r.posthogHost,
  posthog_key: r.posthogKey,
  staff_analytics: r.staffAnalytics,
  retention_days: r.retentionDays,
});

export async function getAnalyticsSettings(db: DbOrTx, websiteId: number): Promise<AnalyticsSettings> {
  const [row] = await db
    .select()
    .from(analyticsSettings)
    .where(sql`${analyticsSettings.websiteId} = ${websiteId}`);
  return row ? toApi(row) : { ...DEFAULT_ANALYTICS };
}

/** Who may set which PostHog host: the operator's hosts (environment), and whether the actor is a superadmin. */
export interface PosthogHostPolicy {
  config: Pick<Config, 'posthogHost' | 'posthogHosts'>;
  superadmin: boolean;
  /** how names are resolved for the public-address check (a stub in tests) */
  resolve?: Resolve;
}

const originOf = (u: string): string | null => {
  try {
    return new URL(u).origin;
  } catch {
    return null;
  }
};

/** The PostHog origins the operator set (POSTHOG_HOST, POSTHOG_HOSTS): trusted, and a website admin may pick them. */
export function operatorPosthogHosts(config: Pick<Config, 'posthogHost' | 'posthogHosts'>): string[] {
  return [config.posthogHost, ...config.posthogHosts].map(originOf).filter((o): o is string => o !== null);
}

const POSTHOG_HOST = 'The PostHog host';

/**
 * The PostHog host to store. /brgest lets anonymous visitors talk to it, so it is an outgoing URL
 * an admin sets (DESIGN §11): unchanged or emptied is always allowed; one of the operator's hosts
 * may be picked by a website admin; any other only by a superadmin, and only an https origin on
 * the public internet (`http/outbound.ts`; the proxy checks the address again when it connects).
 */
async function allowedPosthogHost(stored: string, wanted: string, policy: PosthogHostPolicy): Promise<string> {
  const raw = wanted.trim().replace(/\/$/, '');
  if (raw === stored || raw === '') return raw;
  const origin = originOf(raw);
  if (origin && operatorPosthogHosts(policy.config).includes(origin)) return origin;
  if (!policy.superadmin) throw fail('POSTHOG_HOST_SUPERADMIN_ONLY');
  const url = new URL(raw);
  if (url.protocol === 'https:' && (url.pathname !== '/' || url.search || url.hash))
    throw Errors.invalid({ posthog_host: [`Enter only the PostHog host, such as https://eu.i.posthog.com`] });
  const refusal = await checkOutboundUrl(raw, policy.resolve);
  if (refusal) throw Errors.invalid({ posthog_host: [refusalMessage(POSTHOG_HOST, refusal)] });
  return url.origin;
}

/** Saves a website's analytics settings, audited (the PostHog host as `allowedPosthogHost` allows). */
export async function saveAnalyticsSettings(
  db: Db,
  actor: AuditActor,
  input: AnalyticsSettings,
  policy: PosthogHostPolicy,
): Promise<AnalyticsSettings> {
  // resolved outside the transaction: a name lookup can take seconds
  const posthogHost = await allowedPosthogHost((await getAnalyticsSettings(db, actor.websiteId)).posthog_host, input.posthog_host, policy);
  return db.transaction(async (tx) => {
    const before = await getAnalyticsSettings(tx, actor.websiteId);
    if (
      before.posthog_host !== posthogHost &&
      posthogHost !== '' &&
      !policy.superadmin &&
      !operatorPosthogHosts(policy.config).includes(posthogHost)
    )
      throw fail('POSTHOG_HOST_SUPERADMIN_ONLY');
    const values = {
      consent: input.consent,
      posthogHost,
      posthogKey: input.posthog_key,
      staffAnalytics: input.staff_analytics,
      retentionDays: input.retention_days,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(analyticsSettings)
      .values({ websiteId: actor.websiteId, ...values })
      .onConflictDoUpdate({ target: analyticsSettings.websiteId, set: values })
      .returning();
    const after = toApi(row!);
    await recordAudit(tx, actor, { entity: 'analytics_settings', entityId: actor.websiteId, action: 'update', before, after });
    invalidateSettings(db, actor.websiteId);
    return after;
  });
}

/**
 * Settings as the hot paths (/brgest, every HTML page) read them: kept for a few seconds per
 * process (another process sees a change within that time, DESIGN §1).
 */
// per database (an app's): two apps in one process (tests) never see each other's settings
const caches = new WeakMap<Db, Map<number, { at: number; value: Promise<AnalyticsSettings> }>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};
const CACHE_MS = 5_000;
export function cachedAnalyticsSettings(db: Db, websiteId: number): Promise<AnalyticsSettings> {
  const cache = cacheOf(db);
  const hit = cache.get(websiteId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = getAnalyticsSettings(db, websiteId);
  cache.set(websiteId, { at: Date.now(), value });
  value.catch(() => cache.delete(websiteId));
  return value;
}
export const invalidateSettings = (db: Db, websiteId: number) => cacheOf(db).delete(websiteId);

/** Where a website's /brgest goes: its PostHog host, else POSTHOG_HOST, else nowhere (first-party). */
export function posthogTarget(settings: AnalyticsSettings, config: Pick<Config, 'posthogHost' | 'posthogKey'>) {
  const host = settings.posthog_host || config.posthogHost;
  return host ? { host, key: settings.posthog_key || config.posthogKey } : null;
}

/**
 * The staff apps' analytics meta tag: 'on' only when the owner enabled staff analytics (and
 * analytics is not off), with the project key and the signed-in staff member's id.
 */
export function staffTelemetryMeta(
  config: Pick<Config, 'posthogHost' | 'posthogKey'>,
  settings: AnalyticsSettings,
  userId: number | null,
): string {
  const on = settings.staff_analytics && settings.consent !== 'off';
  const key = posthogTarget(settings, config)?.key || 'first-party';
  return `<meta name="analytics" content="${on ? 'on' : 'off'}" data-key="${key.replace(/[^\w-]/g, '')}" data-user="${userId ?? ''}" />`;
}

const str = (v: unknown, max = 500): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;
/** The shop's own properties kept first-party (no addresses, agents or screen sizes). */
const KEPT_PROPS = ['product_id', 'product', 'slug', 'query', 'results', 'quantity', 'value', 'code', 'order_id', 'reason', 'pack_id'];

/**
 * Stores a batch of posthog-js events first-party, in one insert; an event already stored (a
 * retried batch) is skipped. Returns how many were new.
 */
export async function ingestEvents(db: Db, websiteId: number, events: PosthogEvent[]): Promise<number> {
  const rows = events.slice(0, 1000).map((e) => {
    const p = e.properties ?? {};
    const props: Record<string, unknown> = {};
    for (const k of KEPT_PROPS)
      if (p[k] !== undefined && (typeof p[k] === 'string' || typeof p[k] === 'number'))
        props[k] = typeof p[k] === 'string' ? (p[k] as string).slice(0, 200) : p[k];
    const at = new Date(str(e.timestamp) ?? Date.now());
    return {
      websiteId,
      uuid: str(e.uuid, 64) ?? randomUUID(),
      event: e.event.slice(0, 200),
      distinctId: str(e.distinct_id ?? p.distinct_id, 200) ?? 'anonymous',
      sessionId: str(p.$session_id, 100),
      pathname: str(p.$pathname, 500),
      props,
      occurredAt: Number.isNaN(at.getTime()) ? new Date() : at,
    };
  });
  if (!rows.length) return 0;
  const inserted = await db.insert(analyticsEvents).values(rows).onConflictDoNothing().returning({ id: analyticsEvents.id });
  return inserted.length;
}

/** Deletes first-party events older than each website's retention (90 days unless set). */
export async function purgeAnalytics(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from analytics_events e
        where e.occurred_at < now() - make_interval(days => coalesce(
          (select s.retention_days from analytics_settings s where s.website_id = e.website_id), ${DEFAULT_ANALYTICS.retention_days}))
        returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(row?.n ?? 0);
}

const num = (v: unknown) => Number(v ?? 0);

/** The funnel: sessions (else visitors) that did each step and every step before it, in the window. */
export async function funnel(db: DbOrTx, websiteId: number, since: Date) {
  const flags = FUNNEL_STEPS.map((s, i) => sql`bool_or(event = ${s.event}) as s${sql.raw(String(i))}`);
  const counts = FUNNEL_STEPS.map((_, i) => {
    const all = FUNNEL_STEPS.slice(0, i + 1)
      .map((__, j) => `s${j}`)
      .join(' and ');
    return sql`count(*) filter (where ${sql.raw(all)})::int as c${sql.raw(String(i))}`;
  });
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      with per as (
        select coalesce(session_id, distinct_id) as who, ${sql.join(flags, sql`, `)}
        from analytics_events where website_id = ${websiteId} and occurred_at >= ${since.toISOString()}
        group by 1)
      select ${sql.join(counts, sql`, `)} from per`),
  );
  return FUNNEL_STEPS.map((s, i) => {
    const sessions = num(row?.[`c${i}`]);
    const prev = i === 0 ? null : num(row?.[`c${i - 1}`]);
    return { key: s.key, label: s.label, sessions, conversion: prev === null ? null : prev === 0 ? 0 : sessions / prev };
  });
}

export async function analyticsSummary(
  db: Db,
  websiteId: number,
  days: number,
  destination: AnalyticsSummary['destination'],
): Promise<AnalyticsSummary> {
  const since = new Date(Date.now() - days * 86_400_000);
  const sinceIso = since.toISOString();
  const scope = sql`website_id = ${websiteId} and occurred_at >= ${sinceIso}`;
  const daily = rowsOf<{ day: string; visitors: number; sessions: number; pageviews: number }>(
    await db.execute(sql`
      select ${shopDaySql(sql`occurred_at`)} as day,
        count(distinct distinct_id)::int as visitors, count(distinct coalesce(session_id, distinct_id))::int as sessions,
        (count(*) filter (where event = '$pageview'))::int as pageviews
      from analytics_events where ${scope} group by 1 order by 1`),
  );
  const searches = rowsOf<{ query: string; searches: number; results: number; empty: number }>(
    await db.execute(sql`
      select lower(trim(props->>'query')) as query, count(*)::int as searches,
        coalesce(max((props->>'results')::numeric), 0)::int as results,
        (count(*) filter (where coalesce((props->>'results')::numeric, 0) = 0))::int as empty
      from analytics_events where ${scope} and event = ${SHOP_EVENTS.searched} and coalesce(trim(props->>'query'), '') <> ''
      group by 1 order by 2 desc, 1 limit 200`),
  );
  const viewed = rowsOf<{ product: string; views: number }>(
    await db.execute(sql`
      select coalesce(props->>'product', props->>'slug', props->>'product_id') as product, count(*)::int as views
      from analytics_events where ${scope} and event = ${SHOP_EVENTS.productViewed}
      group by 1 having coalesce(props->>'product', props->>'slug', props->>'product_id') is not null order by 2 desc, 1 limit 10`),
  );
  const sold = await topSoldProducts(db, websiteId, since);
  return {
    days,
    destination,
    daily: daily.map((d) => ({ day: d.day, visitors: num(d.visitors), sessions: num(d.sessions), pageviews: num(d.pageviews) })),
    funnel: await funnel(db, websiteId, since),
    top_searches: searches.slice(0, 10).map((s) => ({ query: s.query, searches: num(s.searches), results: num(s.results) })),
    no_result_searches: searches
      .filter((s) => num(s.results) === 0)
      .slice(0, 10)
      .map((s) => ({ query: s.query, searches: num(s.searches) })),
    top_viewed: viewed.map((v) => ({ product: v.product, views: num(v.views) })),
    top_sold: sold.map((s) => ({ product: s.product, quantity: num(s.quantity) })),
  };
}
