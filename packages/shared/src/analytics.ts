import { z } from 'zod';

export { FUNNEL_STEPS, SHOP_EVENTS } from './analytics-events';

export const consentModeSchema = z.enum(['on', 'off', 'consent']);
export type ConsentMode = z.infer<typeof consentModeSchema>;

export const analyticsSettingsSchema = z.object({
  consent: consentModeSchema,
  posthog_host: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter the PostHog host as a web address' })]),
  posthog_key: z.string().trim().max(200),
  staff_analytics: z.boolean(),
  retention_days: z.number().int().min(1, 'Keep events at least 1 day').max(3650, 'Keep events at most 10 years'),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

export const analyticsSummarySchema = z.object({
  days: z.number().int(),
  /** where events go: a PostHog host (nothing kept here) or first-party */
  destination: z.enum(['posthog', 'first-party']),
  daily: z.array(z.object({ day: z.string(), visitors: z.number().int(), sessions: z.number().int(), pageviews: z.number().int() })),
  funnel: z.array(z.object({ key: z.string(), label: z.string(), sessions: z.number().int(), conversion: z.number().nullable() })),
  top_searches: z.array(z.object({ query: z.string(), searches: z.number().int(), results: z.number().int() })),
  no_result_searches: z.array(z.object({ query: z.string(), searches: z.number().int() })),
  top_viewed: z.array(z.object({ product: z.string(), views: z.number().int() })),
  top_sold: z.array(z.object({ product: z.string(), quantity: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const errorGroupSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  title: z.string(),
  culprit: z.string(),
  level: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  request_id: z.string().nullable(),
  url: z.string().nullable(),
  user_id: z.string().nullable(),
  resolved: z.boolean(),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export const errorGroupListSchema = z.object({ data: z.array(errorGroupSchema) });
export const errorGroupDetailSchema = errorGroupSchema.extend({ latest: z.record(z.string(), z.unknown()) });
export type ErrorGroupDetail = z.infer<typeof errorGroupDetailSchema>;
export const errorResolveSchema = z.object({ resolved: z.boolean() });
