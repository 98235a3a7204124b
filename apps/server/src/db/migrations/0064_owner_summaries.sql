-- Hand-written (issue 42 goal 1): summaries the owner's screens read instead of aggregating a year
-- of orders per call, kept by the database so no writer (checkout, staff edits, refunds, the till,
-- subscriptions, an old process during a rolling upgrade) can forget them. Owned by the orders
-- domain (orders/tables.ts `customerStats`, `orderCounts`, `orderCountDeltas`).
--
-- 1. `customer_stats`: per website and member, the customer list's figures (orders placed, spent as
--    orders/sales.ts counts a sale, last order), one row per member. Recounted from the customer's own
--    orders when the transaction that changed them commits, as `product_stock` is (0023).
CREATE TABLE "customer_stats" (
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	CONSTRAINT "customer_stats_website_id_user_id_pk" PRIMARY KEY("website_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "customer_stats_changes" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"website_id" integer NOT NULL,
	"user_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_stats_last_idx" ON "customer_stats" USING btree ("website_id","last_order_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_spent_idx" ON "customer_stats" USING btree ("website_id","spent" DESC,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_orders_idx" ON "customer_stats" USING btree ("website_id","orders_count" DESC,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_changes_txid_idx" ON "customer_stats_changes" USING btree ("txid");--> statement-breakpoint
-- Each statement notes the customers whose figures it may have changed, one row per website.
CREATE FUNCTION "customer_stats_note_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
    SELECT "website_id", array_agg(DISTINCT "user_id") FROM "new_orders" WHERE "user_id" IS NOT NULL GROUP BY "website_id";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
    SELECT w, array_agg(DISTINCT u) FROM (
      SELECT x.w, x.u FROM "new_orders" n JOIN "old_orders" o ON o."id" = n."id",
        LATERAL (VALUES (n."website_id", n."user_id"), (o."website_id", o."user_id")) x(w, u)
      WHERE x.u IS NOT NULL AND (n."website_id", n."user_id", n."status", n."created_at", n."delivered_at", n."items_total", n."discount", n."channel")
        IS DISTINCT FROM (o."website_id", o."user_id", o."status", o."created_at", o."delivered_at", o."items_total", o."discount", o."channel")
    ) c GROUP BY w;
  ELSE
    INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
    SELECT "website_id", array_agg(DISTINCT "user_id") FROM "old_orders" WHERE "user_id" IS NOT NULL GROUP BY "website_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_orders_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_orders"();--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_orders_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_orders"();--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_orders_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_orders"();--> statement-breakpoint
-- A counter sale's refund (payments.refunded) comes off what its customer spent.
CREATE FUNCTION "customer_stats_note_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
  SELECT o."website_id", array_agg(DISTINCT o."user_id")
  FROM (SELECT "order_id", "refunded" FROM "new_payments") n
    LEFT JOIN "old_payments" p ON p."order_id" = n."order_id"
    JOIN "orders" o ON o."id" = n."order_id"
  WHERE o."user_id" IS NOT NULL AND n."refunded" IS DISTINCT FROM p."refunded"
  GROUP BY o."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_stats_note_new_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
  SELECT o."website_id", array_agg(DISTINCT o."user_id")
  FROM "new_payments" n JOIN "orders" o ON o."id" = n."order_id"
  WHERE o."user_id" IS NOT NULL AND n."refunded" <> 0
  GROUP BY o."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_payments_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_new_payments"();--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_payments_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_payments"();--> statement-breakpoint
-- A new member starts with a row (the list joins every member to its row).
CREATE FUNCTION "customer_stats_note_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_stats_changes" ("website_id", "user_ids")
  SELECT "website_id", array_agg(DISTINCT "user_id") FROM "new_members" GROUP BY "website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_stats_note_members" AFTER INSERT ON "website_members" REFERENCING NEW TABLE AS "new_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_note_members"();--> statement-breakpoint
-- At commit, the noted customers are recounted from their own orders (orders_user_idx), their rows
-- locked first in key order (two committing transactions sharing customers queue instead of
-- deadlocking). The figures are orders/queries.ts `customerStatFields` and orders/sales.ts
-- (`isSale`, `saleValue`) written in SQL: a change to what counts as a sale changes this function
-- in a migration too (orders/customer-stats.test.ts compares the two).
CREATE FUNCTION "customer_stats_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws integer[];
  us integer[];
BEGIN
  -- this transaction's notes, taken, as (website, user) pairs in key order
  WITH noted AS (DELETE FROM "customer_stats_changes" WHERE "txid" = txid_current() RETURNING "website_id", "user_ids"),
    pairs AS (SELECT DISTINCT noted."website_id" AS w, u FROM noted, unnest(noted."user_ids") u)
  SELECT array_agg(w ORDER BY w, u), array_agg(u ORDER BY w, u) INTO ws, us FROM pairs;
  IF ws IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "customer_stats" s JOIN unnest(ws, us) t(w, u) ON s."website_id" = t.w AND s."user_id" = t.u
    ORDER BY s."website_id", s."user_id" FOR UPDATE OF s;
  INSERT INTO "customer_stats" AS s ("website_id", "user_id", "orders_count", "spent", "last_order_at")
  SELECT t.w, t.u,
    count(o."id") FILTER (WHERE o."status" NOT IN ('pending_payment', 'payment_failed'))::int,
    coalesce(sum(greatest(0, o."items_total" - o."discount" - CASE WHEN o."channel" = 'pos'
      THEN coalesce((SELECT p."refunded" FROM "payments" p WHERE p."order_id" = o."id"), 0) ELSE 0 END))
      FILTER (WHERE o."status" = 'delivered' AND o."delivered_at" IS NOT NULL), 0)::bigint,
    max(o."created_at") FILTER (WHERE o."status" NOT IN ('pending_payment', 'payment_failed'))
  FROM unnest(ws, us) t(w, u)
    LEFT JOIN "orders" o ON o."website_id" = t.w AND o."user_id" = t.u
  GROUP BY t.w, t.u
  ORDER BY t.w, t.u
  ON CONFLICT ("website_id", "user_id") DO UPDATE SET "orders_count" = excluded."orders_count", "spent" = excluded."spent",
    "last_order_at" = excluded."last_order_at"
  WHERE (s."orders_count", s."spent", s."last_order_at") IS DISTINCT FROM (excluded."orders_count", excluded."spent", excluded."last_order_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customer_stats_recount" AFTER INSERT ON "customer_stats_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "customer_stats_recount"();--> statement-breakpoint
-- Backfill: every member, with its figures now, in one pass over the orders (seconds at a year's
-- scale; the triggers above are already in place in this transaction, so nothing is missed).
INSERT INTO "customer_stats" ("website_id", "user_id", "orders_count", "spent", "last_order_at")
SELECT m."website_id", m."user_id", coalesce(a.n, 0), coalesce(a.spent, 0), a.last
FROM "website_members" m
LEFT JOIN (
  SELECT o."website_id", o."user_id",
    count(*) FILTER (WHERE o."status" NOT IN ('pending_payment', 'payment_failed'))::int AS n,
    coalesce(sum(greatest(0, o."items_total" - o."discount" - CASE WHEN o."channel" = 'pos'
      THEN coalesce((SELECT p."refunded" FROM "payments" p WHERE p."order_id" = o."id"), 0) ELSE 0 END))
      FILTER (WHERE o."status" = 'delivered' AND o."delivered_at" IS NOT NULL), 0)::bigint AS spent,
    max(o."created_at") FILTER (WHERE o."status" NOT IN ('pending_payment', 'payment_failed')) AS last
  FROM "orders" o WHERE o."user_id" IS NOT NULL GROUP BY o."website_id", o."user_id"
) a ON a."website_id" = m."website_id" AND a."user_id" = m."user_id";--> statement-breakpoint
-- 2. `order_counts`: the staff order list's total without a search, per website, shop day placed
--    (India), status and payment method. Each statement on `orders` appends its +1/−1 to
--    `order_count_deltas` (appends only: no row every checkout would queue on); the job runner folds
--    them into `order_counts` every minute (orders/order-counts.ts), and a count reads both in one
--    statement, so it is exact at every moment.
CREATE TABLE "order_counts" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_counts_website_id_day_status_payment_method_pk" PRIMARY KEY("website_id","day","status","payment_method")
);
--> statement-breakpoint
CREATE TABLE "order_count_deltas" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_count_deltas_website_idx" ON "order_count_deltas" USING btree ("website_id");--> statement-breakpoint
CREATE FUNCTION "order_counts_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_count_deltas" ("website_id", "day", "status", "payment_method", "n")
    SELECT "website_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "status", "payment_method", count(*)::int
    FROM "new_orders" GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "order_count_deltas" ("website_id", "day", "status", "payment_method", "n")
    SELECT w, d, s, m, sum(k)::int FROM (
      SELECT "website_id" AS w, ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "status" AS s, "payment_method" AS m, 1 AS k FROM "new_orders"
      UNION ALL
      SELECT "website_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "status", "payment_method", -1 FROM "old_orders"
    ) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0;
  ELSE
    INSERT INTO "order_count_deltas" ("website_id", "day", "status", "payment_method", "n")
    SELECT "website_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "status", "payment_method", -count(*)::int
    FROM "old_orders" GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_counts_note_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_note"();--> statement-breakpoint
CREATE TRIGGER "order_counts_note_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_note"();--> statement-breakpoint
CREATE TRIGGER "order_counts_note_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_note"();--> statement-breakpoint
-- Backfill: every order now.
INSERT INTO "order_counts" ("website_id", "day", "status", "payment_method", "n")
SELECT "website_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "status", "payment_method", count(*)::int
FROM "orders" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- 3. `low_stock`: the pack × warehouse pairs of a website at or under their low-stock threshold (the
--    pack's own, else the website's, else 5, DEFAULT_LOW_STOCK_THRESHOLD), a pair never stocked
--    counting as 0, as the stock list computes it. Owned by the inventory domain
--    (inventory/tables.ts `lowStock`); kept by the statements that change a balance, a threshold, a
--    pack or a warehouse, in their own transaction (the balance's row is already theirs: no new wait).
CREATE TABLE "low_stock" (
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	CONSTRAINT "low_stock_pack_id_warehouse_id_pk" PRIMARY KEY("pack_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "low_stock" ADD CONSTRAINT "low_stock_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_stock" ADD CONSTRAINT "low_stock_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_stock" ADD CONSTRAINT "low_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "low_stock_website_idx" ON "low_stock" USING btree ("website_id","warehouse_id");--> statement-breakpoint
-- The pairs given are judged again: those low now are (re)written, the others removed.
CREATE FUNCTION "low_stock_judge"(ps integer[], ws integer[]) RETURNS void LANGUAGE sql AS $$
  WITH pairs AS (SELECT DISTINCT p, w FROM unnest(ps, ws) x(p, w)),
  judged AS (
    SELECT k."website_id", x.p, x.w,
      coalesce(s."available", 0) <= coalesce(t."threshold", i."low_stock_threshold", 5) AS low
    FROM pairs x
      JOIN "packs" k ON k."id" = x.p
      JOIN "warehouses" h ON h."id" = x.w AND h."website_id" = k."website_id"
      LEFT JOIN "stock" s ON s."pack_id" = x.p AND s."warehouse_id" = x.w
      LEFT JOIN "pack_thresholds" t ON t."pack_id" = x.p
      LEFT JOIN "inventory_settings" i ON i."website_id" = k."website_id"
  ),
  gone AS (
    DELETE FROM "low_stock" l USING pairs x WHERE l."pack_id" = x.p AND l."warehouse_id" = x.w
      AND NOT EXISTS (SELECT 1 FROM judged j WHERE j.p = x.p AND j.w = x.w AND j.low)
  )
  INSERT INTO "low_stock" ("website_id", "pack_id", "warehouse_id")
  SELECT "website_id", p, w FROM judged WHERE low
  ON CONFLICT ("pack_id", "warehouse_id") DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION "low_stock_note_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "low_stock_judge"(array_agg("pack_id"), array_agg("warehouse_id")) FROM "new_stock";
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "low_stock_judge"(array_agg(p), array_agg(w)) FROM (
      SELECT n."pack_id" AS p, n."warehouse_id" AS w FROM "new_stock" n
      UNION SELECT o."pack_id", o."warehouse_id" FROM "old_stock" o
    ) x;
  ELSE
    PERFORM "low_stock_judge"(array_agg("pack_id"), array_agg("warehouse_id")) FROM "old_stock";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "low_stock_note_stock_insert" AFTER INSERT ON "stock" REFERENCING NEW TABLE AS "new_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_stock"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_stock_update" AFTER UPDATE ON "stock" REFERENCING OLD TABLE AS "old_stock" NEW TABLE AS "new_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_stock"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_stock_delete" AFTER DELETE ON "stock" REFERENCING OLD TABLE AS "old_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_stock"();--> statement-breakpoint
-- A pack's own threshold set, changed or removed: its pairs in every warehouse of its website. Its
-- balances are locked first, so a sale committing meanwhile is judged after, against the new threshold.
CREATE FUNCTION "low_stock_note_threshold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "stock" s WHERE s."pack_id" IN (SELECT "pack_id" FROM "changed_thresholds")
    ORDER BY s."pack_id", s."warehouse_id" FOR UPDATE;
  PERFORM "low_stock_judge"(array_agg(k."id"), array_agg(h."id"))
  FROM (SELECT "pack_id" FROM "changed_thresholds") c JOIN "packs" k ON k."id" = c."pack_id"
    JOIN "warehouses" h ON h."website_id" = k."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "low_stock_note_threshold_insert" AFTER INSERT ON "pack_thresholds" REFERENCING NEW TABLE AS "changed_thresholds"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_threshold"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_threshold_update" AFTER UPDATE ON "pack_thresholds" REFERENCING NEW TABLE AS "changed_thresholds"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_threshold"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_threshold_delete" AFTER DELETE ON "pack_thresholds" REFERENCING OLD TABLE AS "changed_thresholds"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_threshold"();--> statement-breakpoint
-- The website's default changed: every pair of the website (rare; a staff setting).
CREATE FUNCTION "low_stock_note_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "low_stock_judge"(array_agg(k."id"), array_agg(h."id"))
  FROM (SELECT DISTINCT "website_id" FROM "changed_settings") c JOIN "packs" k ON k."website_id" = c."website_id"
    JOIN "warehouses" h ON h."website_id" = c."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "low_stock_note_settings_insert" AFTER INSERT ON "inventory_settings" REFERENCING NEW TABLE AS "changed_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_settings"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_settings_update" AFTER UPDATE ON "inventory_settings" REFERENCING NEW TABLE AS "changed_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_settings"();--> statement-breakpoint
CREATE TRIGGER "low_stock_note_settings_delete" AFTER DELETE ON "inventory_settings" REFERENCING OLD TABLE AS "changed_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_settings"();--> statement-breakpoint
-- A new pack is at 0 in every warehouse; a new warehouse holds 0 of every pack.
CREATE FUNCTION "low_stock_note_packs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "low_stock_judge"(array_agg(k."id"), array_agg(h."id"))
  FROM "new_packs" k JOIN "warehouses" h ON h."website_id" = k."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "low_stock_note_packs_insert" AFTER INSERT ON "packs" REFERENCING NEW TABLE AS "new_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_packs"();--> statement-breakpoint
CREATE FUNCTION "low_stock_note_warehouses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "low_stock_judge"(array_agg(k."id"), array_agg(h."id"))
  FROM "new_warehouses" h JOIN "packs" k ON k."website_id" = h."website_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "low_stock_note_warehouses_insert" AFTER INSERT ON "warehouses" REFERENCING NEW TABLE AS "new_warehouses"
  FOR EACH STATEMENT EXECUTE FUNCTION "low_stock_note_warehouses"();--> statement-breakpoint
-- Backfill: every pair low now.
INSERT INTO "low_stock" ("website_id", "pack_id", "warehouse_id")
SELECT k."website_id", k."id", h."id"
FROM "packs" k
  JOIN "warehouses" h ON h."website_id" = k."website_id"
  LEFT JOIN "stock" s ON s."pack_id" = k."id" AND s."warehouse_id" = h."id"
  LEFT JOIN "pack_thresholds" t ON t."pack_id" = k."id"
  LEFT JOIN "inventory_settings" i ON i."website_id" = k."website_id"
WHERE coalesce(s."available", 0) <= coalesce(t."threshold", i."low_stock_threshold", 5);
