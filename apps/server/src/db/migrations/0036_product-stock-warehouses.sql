ALTER TABLE "product_stock" ADD COLUMN "warehouses" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 39: in stock first in every list): beside a product's units, the warehouses
-- where one of its packs has units, kept by the same recount (0023) and in the same statement, so a
-- listing asks "can it be bought at this warehouse?" with one primary-key lookup per product
-- instead of reading its packs' balances. Unchanged otherwise: the lock in product order, then one
-- recount after it.
CREATE OR REPLACE FUNCTION "product_stock_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  -- this transaction's notes, taken
  WITH noted AS (DELETE FROM "product_stock_changes" WHERE "txid" = txid_current() RETURNING "product_ids")
  SELECT array_agg(DISTINCT p ORDER BY p) INTO ids FROM noted, unnest(noted."product_ids") p;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "product_stock" WHERE "product_id" = ANY (ids) ORDER BY "product_id" FOR UPDATE;
  UPDATE "product_stock" ps SET "units" = counted.units, "warehouses" = counted.warehouses
  FROM (SELECT c.p, coalesce(sum(s."available"), 0)::int AS units,
               coalesce(array_agg(DISTINCT s."warehouse_id" ORDER BY s."warehouse_id") FILTER (WHERE s."available" > 0), '{}') AS warehouses
        FROM unnest(ids) c(p) LEFT JOIN "packs" k ON k."product_id" = c.p LEFT JOIN "stock" s ON s."pack_id" = k."id"
        GROUP BY c.p) counted
  WHERE ps."product_id" = counted.p AND (ps."units", ps."warehouses") IS DISTINCT FROM (counted.units, counted.warehouses);
  RETURN NULL;
END $$;--> statement-breakpoint
-- as 0026 set it: CREATE OR REPLACE drops a function's settings
ALTER FUNCTION "product_stock_recount"() SET "plan_cache_mode" = 'force_generic_plan';--> statement-breakpoint
UPDATE "product_stock" ps SET "warehouses" = t.warehouses
FROM (SELECT k."product_id", array_agg(DISTINCT s."warehouse_id" ORDER BY s."warehouse_id") AS warehouses
      FROM "packs" k JOIN "stock" s ON s."pack_id" = k."id" WHERE s."available" > 0 GROUP BY k."product_id") t
WHERE ps."product_id" = t."product_id";
