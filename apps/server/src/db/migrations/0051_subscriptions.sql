-- Hand-written (issue 44 §4-6): daily essentials on subscription. `subscriptions` is a shopper's
-- standing order for one pack (quantity, schedule, start, slot, address); `subscription_days` a
-- date's change (0: skipped); `subscription_pauses` a range without deliveries; each delivery made
-- is one `subscription_generations` row, unique per (subscription, delivery date), which is what
-- makes the nightly generation idempotent; the website's settings and its subscribable packs.
CREATE TABLE "subscription_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"cutoff_time" text DEFAULT '22:00' NOT NULL,
	"min_topup_paise" integer DEFAULT 0 NOT NULL,
	"cashback_percent" integer DEFAULT 0 NOT NULL,
	"cashback_cap_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_settings_cutoff_ck" CHECK ("subscription_settings"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "subscription_settings_money_ck" CHECK ("subscription_settings"."min_topup_paise" >= 0 and "subscription_settings"."cashback_cap_paise" >= 0 and "subscription_settings"."cashback_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscribable_packs" (
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	CONSTRAINT "subscribable_packs_website_id_pack_id_pk" PRIMARY KEY("website_id","pack_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"slot_id" integer,
	"quantity" integer NOT NULL,
	"schedule" text NOT NULL,
	"weekdays" integer DEFAULT 127 NOT NULL,
	"every_days" integer DEFAULT 1 NOT NULL,
	"start_date" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_quantity_ck" CHECK ("subscriptions"."quantity" between 1 and 99),
	CONSTRAINT "subscriptions_schedule_ck" CHECK ("subscriptions"."schedule" in ('daily', 'alternate', 'weekdays', 'every_n') and "subscriptions"."weekdays" between 1 and 127 and "subscriptions"."every_days" between 1 and 60),
	CONSTRAINT "subscriptions_status_ck" CHECK ("subscriptions"."status" in ('active', 'paused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "subscription_days" (
	"subscription_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"date" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_days_subscription_id_date_pk" PRIMARY KEY("subscription_id","date"),
	CONSTRAINT "subscription_days_quantity_ck" CHECK ("subscription_days"."quantity" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_range_ck" CHECK ("subscription_pauses"."from_date" <= "subscription_pauses"."to_date")
);
--> statement-breakpoint
CREATE TABLE "subscription_generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"delivery_date" text NOT NULL,
	"status" text NOT NULL,
	"order_id" text,
	"quantity" integer NOT NULL,
	"amount_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_generations_status_ck" CHECK ("subscription_generations"."status" in ('ordered', 'held', 'out_of_stock', 'slot_full')),
	CONSTRAINT "subscription_generations_order_ck" CHECK (("subscription_generations"."status" = 'ordered') = ("subscription_generations"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "subscription_settings" ADD CONSTRAINT "subscription_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribable_packs" ADD CONSTRAINT "subscribable_packs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribable_packs" ADD CONSTRAINT "subscribable_packs_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_days" ADD CONSTRAINT "subscription_days_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_generations" ADD CONSTRAINT "subscription_generations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the order is written after its generation rows claim the lines, in the same transaction: checked at the commit
ALTER TABLE "subscription_generations" ADD CONSTRAINT "subscription_generations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "subscriptions_website_status_idx" ON "subscriptions" USING btree ("website_id","status","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("website_id","user_id");--> statement-breakpoint
CREATE INDEX "subscription_pauses_subscription_idx" ON "subscription_pauses" USING btree ("subscription_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_generations_once_uq" ON "subscription_generations" USING btree ("subscription_id","delivery_date");--> statement-breakpoint
CREATE INDEX "subscription_generations_date_idx" ON "subscription_generations" USING btree ("website_id","delivery_date","status");
