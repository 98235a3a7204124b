ALTER TABLE "products" ADD COLUMN "fssai_licence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nutrition" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_food_type_known" CHECK ("products"."food_type" is null or "products"."food_type" in ('veg', 'non_veg', 'egg', 'not_food'));--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_status_known" CHECK ("product_reviews"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_product_user_uq" ON "product_reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_status_idx" ON "product_reviews" USING btree ("product_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "product_reviews_website_status_idx" ON "product_reviews" USING btree ("website_id","status","updated_at");--> statement-breakpoint
-- Hand-written: the product's card (migration 0027) also carries its food type mark and the summary
-- of its approved reviews (`rating`: average to one decimal, count), both written beside the
-- product's row. Cards built before this are right as they are (no type, no reviews yet), so none is rebuilt.
CREATE OR REPLACE FUNCTION "product_cards_build"(wanted integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
      || ',"gst_rate":' || (p."gst_rate"::float8 / 100)
      || coalesce(',"food_type":' || to_json(p."food_type"), '')
      || CASE WHEN p."rating_count" > 0 THEN ',"rating":{"average":' || round(p."rating_total"::numeric / p."rating_count", 1)
        || ',"count":' || p."rating_count" || '}' ELSE '' END || '}'
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
END $$;
