CREATE TABLE "product_cards" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"head" text NOT NULL,
	"body" text NOT NULL,
	"pack_ids" integer[] NOT NULL,
	"pack_heads" text[] NOT NULL,
	"pack_middles" text[] NOT NULL,
	"tail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: `product_cards` is kept by the database (catalogue/tables.ts `productCards`), so no
-- writer of the catalogue (staff edits, the CSV import, copying a website, seeding, raw SQL) can
-- forget it. `product_cards_build` writes the cards of `wanted` as their rows are now; a card already
-- right is left alone. The cards are locked first, in product order, and built by the statement
-- after: a transaction that waited on another's card builds it from what that one committed (one
-- built before the wait could write back the other's pack as it was).
CREATE FUNCTION "product_cards_build"(wanted integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF wanted IS NULL OR cardinality(wanted) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "product_cards" WHERE "product_id" = ANY (wanted) ORDER BY "product_id" FOR UPDATE;
  INSERT INTO "product_cards" ("product_id", "website_id", "head", "body", "pack_ids", "pack_heads", "pack_middles", "tail")
  SELECT p."id", p."website_id",
    '{"product_id":' || p."id" || ',"product_name":' || to_json(p."name") || ',"product_description":' || to_json(p."description")
      || coalesce(',"product_info":' || p."info"::text, '') || ',"brand_name":' || to_json(coalesce(b."name", ''))
      || ',"slug":' || to_json(p."slug") || ',"brand_slug":' || to_json(coalesce(b."slug", '')) || ',"wishlist":',
    ',"medias":' || coalesce(m.list, '[]') || ',"image":' || to_json(coalesce(m.first, '')) || ',"packs":[',
    coalesce(k.ids, '{}'), coalesce(k.heads, '{}'), coalesce(k.middles, '{}'),
    ']' || coalesce(',"category_slug":' || to_json(c."slug"), '') || ',"hsn_code":' || to_json(p."hsn_code")
      || ',"gst_rate":' || (p."gst_rate"::float8 / 100) || '}'
  FROM "products" p
    LEFT JOIN "brands" b ON b."id" = p."brand_id"
    LEFT JOIN "categories" c ON c."id" = p."category_id"
    LEFT JOIN LATERAL (
      SELECT '[' || string_agg('{"src":' || to_json(x."src") || coalesce(',"alt":' || to_json(nullif(x."alt", '')), '') || '}', ','
          ORDER BY x."position", x."id") || ']' AS list,
        (array_agg(x."src" ORDER BY x."position", x."id"))[1] AS first
      FROM "product_media" x WHERE x."product_id" = p."id"
    ) m ON true
    -- prices in rupees: paise / 100 in float8, the same number as `toRupees`
    LEFT JOIN LATERAL (
      SELECT array_agg(y."id" ORDER BY y."position", y."id") AS ids,
        array_agg('{"pack_id":' || y."id" || ',"pack_name":' || to_json(y."name")
          || ',"price":' || (y."price"::float8 / 100) || ',"act_price":' || (y."act_price"::float8 / 100)
          || ',"discount":' || CASE WHEN y."discount_type" = 'flat' THEN (y."discount"::float8 / 100)::text ELSE y."discount"::text END
          || ',"warehouse_id":' ORDER BY y."position", y."id") AS heads,
        array_agg(',"discount_type":' || coalesce(to_json(y."discount_type")::text, 'null') || ',"stock":'
          ORDER BY y."position", y."id") AS middles
      FROM "packs" y WHERE y."product_id" = p."id"
    ) k ON true
  WHERE p."id" = ANY (wanted)
  ON CONFLICT ("product_id") DO UPDATE SET "website_id" = EXCLUDED."website_id", "head" = EXCLUDED."head", "body" = EXCLUDED."body",
    "pack_ids" = EXCLUDED."pack_ids", "pack_heads" = EXCLUDED."pack_heads", "pack_middles" = EXCLUDED."pack_middles", "tail" = EXCLUDED."tail"
  WHERE ("product_cards"."website_id", "product_cards"."head", "product_cards"."body", "product_cards"."pack_ids",
      "product_cards"."pack_heads", "product_cards"."pack_middles", "product_cards"."tail")
    IS DISTINCT FROM (EXCLUDED."website_id", EXCLUDED."head", EXCLUDED."body", EXCLUDED."pack_ids",
      EXCLUDED."pack_heads", EXCLUDED."pack_middles", EXCLUDED."tail");
END $$;--> statement-breakpoint
-- Once per statement, whatever the number of rows (the CSV import writes thousands at once). A
-- deleted product's card goes with it (the key); its packs' and images' deletions build nothing.
CREATE FUNCTION "product_cards_keep_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_cards_build"(ARRAY(SELECT "id" FROM "new_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_cards_products_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_products"();--> statement-breakpoint
CREATE TRIGGER "product_cards_products_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_products"();--> statement-breakpoint
-- packs and images: the products of the rows written (both products of a row moved)
CREATE FUNCTION "product_cards_keep_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "product_cards_build"(ARRAY(SELECT DISTINCT "product_id" FROM "new_rows" ORDER BY 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "product_cards_build"(ARRAY(SELECT "product_id" FROM "new_rows" UNION SELECT "product_id" FROM "old_rows" ORDER BY 1));
  ELSE
    PERFORM "product_cards_build"(ARRAY(SELECT DISTINCT "product_id" FROM "old_rows" ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_cards_packs_insert" AFTER INSERT ON "packs" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
CREATE TRIGGER "product_cards_packs_update" AFTER UPDATE ON "packs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
CREATE TRIGGER "product_cards_packs_delete" AFTER DELETE ON "packs" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
CREATE TRIGGER "product_cards_media_insert" AFTER INSERT ON "product_media" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
CREATE TRIGGER "product_cards_media_update" AFTER UPDATE ON "product_media" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
CREATE TRIGGER "product_cards_media_delete" AFTER DELETE ON "product_media" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_parts"();--> statement-breakpoint
-- a brand's name or slug, a category's slug: the cards of their products
CREATE FUNCTION "product_cards_keep_brands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_cards_build"(ARRAY(
    SELECT p."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "products" p ON p."website_id" = n."website_id" AND p."brand_id" = n."id"
    WHERE (o."name", o."slug") IS DISTINCT FROM (n."name", n."slug") ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_cards_brands_update" AFTER UPDATE ON "brands" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_brands"();--> statement-breakpoint
CREATE FUNCTION "product_cards_keep_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_cards_build"(ARRAY(
    SELECT p."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "products" p ON p."website_id" = n."website_id" AND p."category_id" = n."id"
    WHERE o."slug" IS DISTINCT FROM n."slug" ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_cards_categories_update" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_keep_categories"();--> statement-breakpoint
SELECT "product_cards_build"(ARRAY(SELECT "id" FROM "products" ORDER BY 1));
