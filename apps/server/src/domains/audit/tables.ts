import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

/**
 * Every staff write (DESIGN §10): who, when, what, before and after. Append-only; written only by
 * `recordAudit` (audit/service.ts) inside the transaction of the change it describes, so a change
 * and its audit row land or fail together.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** the staff member; null for the system (a job, an import run by the CLI) */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** what kind of record: 'product', 'category', 'brand', 'stock', 'order', 'coupon', 'settings', … */
    entity: text().notNull(),
    /** its id (text, so composite keys such as `pack:12/warehouse:1` fit) */
    entityId: text().notNull(),
    /** the verb: 'create', 'update', 'delete', 'status', 'adjust', 'import', 'confirm', … */
    action: text().notNull(),
    /** the record's fields before and after (null when it did not exist / no longer exists) */
    before: jsonb(),
    after: jsonb(),
    /**
     * The record's name when it changed ("Toor Dal", "Amul Butter - 500 g at Main warehouse",
     * "#1042"), so a deleted record keeps its name; read as "Kind · name" (`auditThing` in
     * @grocer/shared/audit). Null on rows written before 0040 whose record could not be named.
     */
    label: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.websiteId, t.entity, t.entityId, t.id),
    index('audit_log_website_idx').on(t.websiteId, t.id),
    // the log's search box: any part of a record's name
    index('audit_log_label_trgm_idx').using('gin', sql`${t.label} gin_trgm_ops`),
  ],
);
