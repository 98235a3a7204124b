ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shortfall_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("website_id","delivered_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("website_id","status");--> statement-breakpoint
-- Issue 40: cash on delivery has states. Delivered COD orders were left `cod` (to collect): they are
-- collected, with the cash the delivery person brought back where it was recorded; cancelled ones
-- were never collected.
UPDATE "payments" AS p SET "status" = 'collected', "collected" = o."cash_collected"
FROM "orders" AS o
WHERE o."id" = p."order_id" AND p."provider" = 'cod' AND p."status" = 'cod' AND o."status" = 'delivered';--> statement-breakpoint
UPDATE "payments" AS p SET "status" = 'not_collected'
FROM "orders" AS o
WHERE o."id" = p."order_id" AND p."provider" = 'cod' AND p."status" = 'cod' AND o."status" = 'cancelled';--> statement-breakpoint
-- A sale counts on the day it was delivered: the day its history says so (a counter sale: when sold).
UPDATE "orders" AS o SET "delivered_at" = coalesce(
  (SELECT min(e."created_at") FROM "order_events" AS e WHERE e."order_id" = o."id" AND e."status" = 'delivered'),
  o."updated_at")
WHERE o."status" = 'delivered';
