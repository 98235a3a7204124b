import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../website/tables';

/**
 * A website's analytics settings (Website Settings → Analytics): where /brgest forwards (a PostHog
 * host and project key; none: the events stay first-party), the shoppers' consent mode, whether the
 * staff apps are measured, and how long first-party events are kept.
 */
export const analyticsSettings = pgTable('analytics_settings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** 'on': measured; 'off': never; 'consent': only after the shopper allows it in the banner */
  consent: text({ enum: ['on', 'off', 'consent'] })
    .notNull()
    .default('on'),
  posthogHost: text().notNull().default(''),
  posthogKey: text().notNull().default(''),
  staffAnalytics: boolean().notNull().default(false),
  retentionDays: integer().notNull().default(90),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** First-party analytics: the events posthog-js sends to /brgest when no PostHog is configured. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** the event's own uuid (posthog-js retries a batch: the same event is kept once) */
    uuid: text().notNull(),
    event: text().notNull(),
    distinctId: text().notNull(),
    sessionId: text(),
    pathname: text(),
    /** the shop's own event properties (product, query, result count, value), not the browser's */
    props: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('analytics_events_uuid_uq').on(t.websiteId, t.uuid),
    index('analytics_events_site_time_idx').on(t.websiteId, t.occurredAt),
    index('analytics_events_site_event_idx').on(t.websiteId, t.event, t.occurredAt),
  ],
);
