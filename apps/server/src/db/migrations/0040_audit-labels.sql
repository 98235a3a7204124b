ALTER TABLE "audit_log" ADD COLUMN "label" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_label_trgm_idx" ON "audit_log" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
-- Backfill: the name each old row's snapshot holds (what the record was called then) ...
UPDATE "audit_log" SET "label" = left(coalesce(
  nullif(btrim("after"->>'label'), ''), nullif(btrim("after"->>'name'), ''), nullif(btrim("after"->>'title'), ''),
  nullif(btrim("after"->>'code'), ''), nullif(btrim("after"->>'host'), ''), nullif(btrim("after"->>'receipt'), ''),
  nullif(btrim("before"->>'label'), ''), nullif(btrim("before"->>'name'), ''), nullif(btrim("before"->>'title'), ''),
  nullif(btrim("before"->>'code'), ''), nullif(btrim("before"->>'host'), ''), nullif(btrim("before"->>'receipt'), '')
), 200) WHERE "label" IS NULL;--> statement-breakpoint
-- ... else the record's name now, for the kinds whose snapshots do not name them.
UPDATE "audit_log" a SET "label" = p."name" FROM "products" p
  WHERE a."label" IS NULL AND a."entity" = 'product' AND p."website_id" = a."website_id" AND p."id"::text = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" a SET "label" = p."name" || ' - ' || k."name" FROM "packs" k JOIN "products" p ON p."id" = k."product_id"
  WHERE a."label" IS NULL AND a."entity" = 'pack' AND k."website_id" = a."website_id" AND k."id"::text = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" a SET "label" = p."name" || ' - ' || k."name" || ' at ' || w."name" FROM "packs" k JOIN "products" p ON p."id" = k."product_id", "warehouses" w
  WHERE a."label" IS NULL AND a."entity" = 'stock' AND k."website_id" = a."website_id" AND w."website_id" = a."website_id"
  AND k."id"::text || ':' || w."id"::text = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" a SET "label" = '#' || o."ordernumber" FROM "orders" o
  WHERE a."label" IS NULL AND a."entity" IN ('order', 'pos_sale') AND o."website_id" = a."website_id" AND o."id" = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" a SET "label" = u."name" FROM "users" u
  WHERE a."label" IS NULL AND a."entity" IN ('customer', 'staff_member', 'agent', 'agent_customer') AND u."id"::text = a."entity_id";
