ALTER TABLE "packs" ADD COLUMN "step_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_step_grams_range" CHECK ("packs"."step_grams" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sold_by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "sold_by_weight" = true FROM "packs" WHERE "packs"."id" = "order_lines"."pack_id" AND "packs"."sold_by_weight";--> statement-breakpoint
-- Hand-written: a weighed pack's card JSON (migration 0027, 0034) also says it is sold by weight and
-- its online step, so the storefront shows "₹40/kg" and adds a step; other packs' JSON is unchanged.
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
          || CASE WHEN y."sold_by_weight" THEN ',"sold_by_weight":true,"step_grams":' || y."step_grams" ELSE '' END
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
SELECT "product_cards_build"(array(SELECT DISTINCT "product_id" FROM "packs" WHERE "sold_by_weight"));
