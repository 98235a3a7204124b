ALTER TABLE "website_members" ADD COLUMN "is_cashier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD COLUMN "late_from_shift_id" integer;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_late_from_shift_id_pos_shifts_id_fk" FOREIGN KEY ("late_from_shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Partial refunds the provider has not taken (an adjustment's refund still pending or failed) were
-- counted in payments.refunded when recorded; they move to refund_pending, counted only once taken.
UPDATE "payments" AS p SET "refunded" = p."refunded" - w."amount", "refund_pending" = w."amount"
FROM (
  SELECT "order_id", sum("amount")::int AS "amount" FROM "order_adjustments"
  WHERE "refund_status" IN ('pending', 'failed') AND "amount" > 0 GROUP BY "order_id"
) AS w
WHERE w."order_id" = p."order_id";
