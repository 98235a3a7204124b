-- Hand-written (issue 44 §4-5): one-off items added to a subscription's delivery ("add bread to
-- tomorrow's milk") and the subscription price each pack was last announced at. An extra is one
-- pack for one delivery date of one subscription (unique: adding it again sets its quantity); the
-- generation puts it in that delivery's order and writes the order's id on it, so it is ordered
-- once. `subscription_prices` keeps, per website and pack, the price subscribers were told of, the
-- price before it and the first delivery date it applies to: a price change is told first and
-- applies from the first delivery whose cut-off is after the notice.
CREATE TABLE "subscription_extras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_extras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"delivery_date" text NOT NULL,
	"pack_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_extras_quantity_ck" CHECK ("subscription_extras"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "subscription_prices" (
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"previous_price_paise" integer NOT NULL,
	"applies_from" text NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_prices_website_id_pack_id_pk" PRIMARY KEY("website_id","pack_id"),
	CONSTRAINT "subscription_prices_money_ck" CHECK ("subscription_prices"."price_paise" >= 0 and "subscription_prices"."previous_price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_extras" ADD CONSTRAINT "subscription_extras_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_extras" ADD CONSTRAINT "subscription_extras_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_extras" ADD CONSTRAINT "subscription_extras_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_extras" ADD CONSTRAINT "subscription_extras_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "subscription_prices" ADD CONSTRAINT "subscription_prices_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_prices" ADD CONSTRAINT "subscription_prices_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_extras_once_uq" ON "subscription_extras" USING btree ("subscription_id","delivery_date","pack_id");--> statement-breakpoint
CREATE INDEX "subscription_extras_date_idx" ON "subscription_extras" USING btree ("website_id","delivery_date");
