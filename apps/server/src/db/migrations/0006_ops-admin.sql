CREATE TABLE "delivery_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"zone_id" integer,
	"date" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD COLUMN "weekdays" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD COLUMN "cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_closures" ADD CONSTRAINT "delivery_closures_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_closures" ADD CONSTRAINT "delivery_closures_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_closures_website_date_idx" ON "delivery_closures" USING btree ("website_id","date");--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_template" CHECK ("delivery_slots"."weekdays" between 1 and 127 and "delivery_slots"."cutoff_minutes" >= 0);--> statement-breakpoint
-- Hand-written: redemptions made before this column take the discount their order recorded.
UPDATE "coupon_redemptions" AS r SET "discount" = o."discount" FROM "orders" AS o WHERE o."id" = r."order_id" AND o."website_id" = r."website_id";
