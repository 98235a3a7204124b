CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"search_doc" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_doc_idx" ON "product_search" USING gin ("search_doc");--> statement-breakpoint
-- Hand-written: `product_search` is kept by the database (catalogue/tables.ts `productSearch`), so
-- no writer of `products` (staff edits, the CSV import, seeding, raw SQL) can forget it: after
-- each statement that writes products, an active product with a search document has its row with
-- that document, and any other product has none (a deleted product's row goes with it: the key).
-- A row already right is left alone (no dead row, no index entry for an unchanged document).
CREATE FUNCTION "product_search_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_search" s USING "new_products" n
    WHERE s."product_id" = n."id" AND NOT (n."status" = 'active' AND n."search_doc" IS NOT NULL);
  INSERT INTO "product_search" ("product_id", "website_id", "search_doc")
    SELECT n."id", n."website_id", n."search_doc" FROM "new_products" n
    WHERE n."status" = 'active' AND n."search_doc" IS NOT NULL
    ON CONFLICT ("product_id") DO UPDATE SET "website_id" = EXCLUDED."website_id", "search_doc" = EXCLUDED."search_doc"
    WHERE ("product_search"."website_id", "product_search"."search_doc") IS DISTINCT FROM (EXCLUDED."website_id", EXCLUDED."search_doc");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_search_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_keep"();--> statement-breakpoint
CREATE TRIGGER "product_search_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_keep"();--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "website_id", "search_doc")
  SELECT "id", "website_id", "search_doc" FROM "products" WHERE "status" = 'active' AND "search_doc" IS NOT NULL;
