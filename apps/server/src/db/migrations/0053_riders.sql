-- Hand-written (issue 45): own delivery. A rider is a staff member with the rider role
-- (`website_members.is_rider`); a slot's packed orders are grouped into trips (`delivery_trips`)
-- of ordered stops (`trip_stops`, one per attempt at an order); the shopper's 4-digit delivery
-- code is kept as an HMAC with its nonce (`delivery_codes`, like sign-in codes); whether it is
-- needed at the door is a website setting (`delivery_trip_settings`). Expand only: new tables and
-- a column with a default, so the previous release keeps working.
ALTER TABLE "website_members" ADD COLUMN "is_rider" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "delivery_trips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"slot_date" text NOT NULL,
	"label" text NOT NULL,
	"rider_id" integer,
	"status" text DEFAULT 'planned' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_trips_status_ck" CHECK ("delivery_trips"."status" in ('planned', 'out', 'done'))
);
--> statement-breakpoint
CREATE TABLE "trip_stops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trip_stops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"picked_up_at" timestamp with time zone,
	"outcome" text,
	"fail_reason" text,
	"fail_next" text,
	"cash_paise" integer DEFAULT 0 NOT NULL,
	"upi_paise" integer DEFAULT 0 NOT NULL,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_stops_outcome_ck" CHECK ("trip_stops"."outcome" is null or "trip_stops"."outcome" in ('delivered', 'failed')),
	CONSTRAINT "trip_stops_fail_ck" CHECK (("trip_stops"."outcome" = 'failed') = ("trip_stops"."fail_reason" is not null) and ("trip_stops"."fail_reason" is null or "trip_stops"."fail_reason" in ('not_at_home', 'refused', 'wrong_address', 'could_not_reach')) and ("trip_stops"."fail_next" is null or "trip_stops"."fail_next" in ('reattempt', 'return_to_store'))),
	CONSTRAINT "trip_stops_money_ck" CHECK ("trip_stops"."cash_paise" >= 0 and "trip_stops"."upi_paise" >= 0 and "trip_stops"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_codes" (
	"order_id" text PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"overridden_by" text,
	"override_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_trip_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"code_mode" text DEFAULT 'all' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_trip_settings_mode_ck" CHECK ("delivery_trip_settings"."code_mode" in ('off', 'prepaid', 'cod', 'all'))
);
--> statement-breakpoint
ALTER TABLE "delivery_trips" ADD CONSTRAINT "delivery_trips_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_trips" ADD CONSTRAINT "delivery_trips_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_trips" ADD CONSTRAINT "delivery_trips_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_trip_id_delivery_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."delivery_trips"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_codes" ADD CONSTRAINT "delivery_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_codes" ADD CONSTRAINT "delivery_codes_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_trip_settings" ADD CONSTRAINT "delivery_trip_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "delivery_trips_slot_idx" ON "delivery_trips" USING btree ("website_id","slot_date","slot_id");
--> statement-breakpoint
CREATE INDEX "delivery_trips_rider_idx" ON "delivery_trips" USING btree ("website_id","rider_id","status");
--> statement-breakpoint
CREATE INDEX "trip_stops_trip_idx" ON "trip_stops" USING btree ("trip_id","sequence");
--> statement-breakpoint
CREATE UNIQUE INDEX "trip_stops_order_attempt_uq" ON "trip_stops" USING btree ("order_id","attempt");
--> statement-breakpoint
CREATE UNIQUE INDEX "trip_stops_open_uq" ON "trip_stops" USING btree ("order_id") WHERE "trip_stops"."outcome" is null;
