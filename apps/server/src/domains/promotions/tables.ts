import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { type PromotionKind, type PromotionRule } from '@grocer/shared/promotions';
import { websites } from '../website/tables';

/**
 * An automatic promotion (no code): `rule` holds the kind's terms as `promotionRuleSchema`
 * (packages/shared/src/promotions.ts) parses them; `kind` repeats `rule.kind` for the list's
 * filter and the check constraint. Applied by `applyPromotions` in every cart pricing.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().$type<PromotionKind>().notNull(),
    rule: jsonb().$type<PromotionRule>().notNull(),
    active: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_website_idx').on(t.websiteId, t.active),
    check('promotions_kind_known', sql`${t.kind} in ('buy_x_get_y', 'combo', 'cart')`),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;
