ALTER TABLE "delivery_slots" ADD COLUMN "weekdays" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD COLUMN "cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_template" CHECK ("delivery_slots"."weekdays" between 1 and 127 and "delivery_slots"."cutoff_minutes" >= 0);--> statement-breakpoint
-- Hand-written: redemptions made before this column take the discount their order recorded.
UPDATE "coupon_redemptions" AS r SET "discount" = o."discount" FROM "orders" AS o WHERE o."id" = r."order_id" AND o."website_id" = r."website_id";
