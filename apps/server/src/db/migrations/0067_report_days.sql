-- Issue 42 goal 1: the GST report (by day placed) and the sales report (by day delivered) read a
-- summary per website and day instead of every line of a month's orders per call. Owned by the
-- orders domain (orders/tables.ts `invoiceDays`, `gstDays`, `productSaleDays`, `reportDayChanges`).
-- A statement on `orders` or `order_lines` notes the days it may have changed in
-- `report_day_changes` (appends only: no row every checkout would queue on); the job runner folds
-- those days from the orders as they stand (orders/reports.ts `foldReportDays`), and a report reads a
-- noted day live and every other from the summaries in one statement, so it is exact at every moment.
CREATE TABLE "gst_days" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	CONSTRAINT "gst_days_website_id_day_hsn_code_gst_rate_pk" PRIMARY KEY("website_id","day","hsn_code","gst_rate")
);
--> statement-breakpoint
CREATE TABLE "invoice_days" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"invoices" integer NOT NULL,
	CONSTRAINT "invoice_days_website_id_day_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
CREATE TABLE "product_sale_days" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"quantity" bigint NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "product_sale_days_website_id_day_product_key_pk" PRIMARY KEY("website_id","day","product_key")
);
--> statement-breakpoint
CREATE TABLE "report_day_changes" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_day_changes_website_day_idx" ON "report_day_changes" USING btree ("website_id","day");
--> statement-breakpoint
-- An order's days: placed, and delivered when it was (India's calendar, as the reports count them).
CREATE FUNCTION "report_days_note_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT "website_id", d FROM "new_orders",
      LATERAL (VALUES (("created_at" AT TIME ZONE 'Asia/Kolkata')::date), (("delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
    WHERE d IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT x.w, x.d FROM "new_orders" n JOIN "old_orders" o ON o."id" = n."id",
      LATERAL (VALUES
        (n."website_id", (n."created_at" AT TIME ZONE 'Asia/Kolkata')::date),
        (n."website_id", (n."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date),
        (o."website_id", (o."created_at" AT TIME ZONE 'Asia/Kolkata')::date),
        (o."website_id", (o."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(w, d)
    WHERE x.d IS NOT NULL
      AND (n."website_id", n."status", n."created_at", n."delivered_at", n."discount", n."address"->>'state')
        IS DISTINCT FROM (o."website_id", o."status", o."created_at", o."delivered_at", o."discount", o."address"->>'state');
  ELSE
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT "website_id", d FROM "old_orders",
      LATERAL (VALUES (("created_at" AT TIME ZONE 'Asia/Kolkata')::date), (("delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
    WHERE d IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_days_note_orders_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_orders"();--> statement-breakpoint
CREATE TRIGGER "report_days_note_orders_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_orders"();--> statement-breakpoint
CREATE TRIGGER "report_days_note_orders_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_orders"();--> statement-breakpoint
-- A line's order's days (a line deleted with its order: the order's own delete noted them).
CREATE FUNCTION "report_days_note_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT o."website_id", d FROM (SELECT DISTINCT "order_id" FROM "new_lines") l JOIN "orders" o ON o."id" = l."order_id",
      LATERAL (VALUES ((o."created_at" AT TIME ZONE 'Asia/Kolkata')::date), ((o."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
    WHERE d IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT o."website_id", d FROM (
      SELECT n."order_id" AS id FROM "new_lines" n JOIN "old_lines" p ON p."id" = n."id"
      WHERE (n."order_id", n."product_id", n."product_name", n."hsn_code", n."gst_rate", n."quantity", n."amount", n."warehouse_state")
        IS DISTINCT FROM (p."order_id", p."product_id", p."product_name", p."hsn_code", p."gst_rate", p."quantity", p."amount", p."warehouse_state")
      UNION SELECT p."order_id" FROM "new_lines" n JOIN "old_lines" p ON p."id" = n."id" WHERE n."order_id" <> p."order_id"
    ) l JOIN "orders" o ON o."id" = l.id,
      LATERAL (VALUES ((o."created_at" AT TIME ZONE 'Asia/Kolkata')::date), ((o."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
    WHERE d IS NOT NULL;
  ELSE
    INSERT INTO "report_day_changes" ("website_id", "day")
    SELECT DISTINCT o."website_id", d FROM (SELECT DISTINCT "order_id" FROM "old_lines") l JOIN "orders" o ON o."id" = l."order_id",
      LATERAL (VALUES ((o."created_at" AT TIME ZONE 'Asia/Kolkata')::date), ((o."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
    WHERE d IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_days_note_lines_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_lines"();--> statement-breakpoint
CREATE TRIGGER "report_days_note_lines_update" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_lines"();--> statement-breakpoint
CREATE TRIGGER "report_days_note_lines_delete" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS "old_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_days_note_lines"();--> statement-breakpoint
-- Backfill: every day with an order is noted, so it reads live until the job has folded it (a
-- month of days per run); nothing is summed in this migration, which stays quick on a year's shop.
INSERT INTO "report_day_changes" ("website_id", "day")
SELECT DISTINCT "website_id", d FROM "orders",
  LATERAL (VALUES (("created_at" AT TIME ZONE 'Asia/Kolkata')::date), (("delivered_at" AT TIME ZONE 'Asia/Kolkata')::date)) x(d)
WHERE d IS NOT NULL;
