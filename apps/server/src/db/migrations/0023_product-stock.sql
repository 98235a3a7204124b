CREATE TABLE "product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_units_non_negative" CHECK ("product_stock"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_stock_changes" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"product_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_website_units_idx" ON "product_stock" USING btree ("website_id","units","product_id");--> statement-breakpoint
CREATE INDEX "product_stock_changes_txid_idx" ON "product_stock_changes" USING btree ("txid");--> statement-breakpoint
-- Hand-written: `product_stock` is kept by the database, so no writer of `stock` can forget it
-- (inventory/tables.ts `productStock`). A product starts with its row, at 0 units.
CREATE FUNCTION "product_stock_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_stock" ("product_id", "website_id") SELECT "id", "website_id" FROM "new_products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_open" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_open"();--> statement-breakpoint
-- Each statement that writes `stock` notes the products of the balances it wrote (one row per
-- statement, whatever the number of balances: the CSV import writes thousands at once).
CREATE FUNCTION "product_stock_note_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_stock_changes" ("product_ids")
    SELECT array_agg(DISTINCT k."product_id") FROM "new_stock" s JOIN "packs" k ON k."id" = s."pack_id" HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "product_stock_changes" ("product_ids")
    SELECT array_agg(DISTINCT k."product_id")
    FROM (SELECT "pack_id" FROM "new_stock" UNION SELECT "pack_id" FROM "old_stock") s JOIN "packs" k ON k."id" = s."pack_id" HAVING count(*) > 0;
  ELSE
    INSERT INTO "product_stock_changes" ("product_ids")
    SELECT array_agg(DISTINCT k."product_id") FROM "old_stock" s JOIN "packs" k ON k."id" = s."pack_id" HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_note_insert" AFTER INSERT ON "stock" REFERENCING NEW TABLE AS "new_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_note_stock"();--> statement-breakpoint
CREATE TRIGGER "product_stock_note_update" AFTER UPDATE ON "stock" REFERENCING OLD TABLE AS "old_stock" NEW TABLE AS "new_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_note_stock"();--> statement-breakpoint
CREATE TRIGGER "product_stock_note_delete" AFTER DELETE ON "stock" REFERENCING OLD TABLE AS "old_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_note_stock"();--> statement-breakpoint
-- A pack that leaves its product (deleted, or moved to another) takes its balances with it; the
-- balances' own triggers cannot name the product of a pack already gone.
CREATE FUNCTION "product_stock_note_pack"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_stock_changes" ("product_ids")
  VALUES (CASE WHEN TG_OP = 'UPDATE' THEN ARRAY[OLD."product_id", NEW."product_id"] ELSE ARRAY[OLD."product_id"] END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_note_pack_delete" AFTER DELETE ON "packs"
  FOR EACH ROW EXECUTE FUNCTION "product_stock_note_pack"();--> statement-breakpoint
CREATE TRIGGER "product_stock_note_pack_move" AFTER UPDATE OF "product_id", "website_id" ON "packs"
  FOR EACH ROW WHEN (OLD."product_id" IS DISTINCT FROM NEW."product_id" OR OLD."website_id" IS DISTINCT FROM NEW."website_id")
  EXECUTE FUNCTION "product_stock_note_pack"();--> statement-breakpoint
-- When the transaction commits, its products are recounted from `stock`. Their rows are locked
-- first, in product order: two committing transactions sharing products queue instead of waiting
-- on each other in a cycle (had each statement updated the summary as it went, two checkouts
-- taking packs of the same products in another order could deadlock). The recount is a statement
-- after the lock, so it sees every transaction that committed meanwhile; one still running will
-- recount when it commits. Fired once per noted row; the first firing takes them all.
CREATE FUNCTION "product_stock_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  UPDATE "product_stock" ps SET "units" = counted.units
  FROM (SELECT c.p, coalesce(sum(s."available"), 0)::int AS units
        FROM unnest(ids) c(p) LEFT JOIN "packs" k ON k."product_id" = c.p LEFT JOIN "stock" s ON s."pack_id" = k."id"
        GROUP BY c.p) counted
  WHERE ps."product_id" = counted.p AND ps."units" <> counted.units;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_stock_recount" AFTER INSERT ON "product_stock_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_stock_recount"();--> statement-breakpoint
-- Every product that exists, with its units now.
INSERT INTO "product_stock" ("product_id", "website_id", "units")
SELECT p."id", p."website_id", coalesce(t.units, 0)
FROM "products" p
LEFT JOIN (SELECT k."product_id", sum(s."available")::int AS units FROM "packs" k JOIN "stock" s ON s."pack_id" = k."id" GROUP BY k."product_id") t
  ON t."product_id" = p."id";
