-- Hand-written (issue 45 items 4 and 6): the cash a rider brings back from a trip, counted by a
-- cashier once (`cash_handovers`, one row per trip: expected from the trip's delivered stops,
-- counted, the difference with its reason, like a till shift's close), and the photo a rider may
-- take at the door (`trip_stops.photo_path`, a media-store key). Expand only: a new table and a
-- nullable column, so the previous release keeps working.
CREATE TABLE "cash_handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"rider_id" integer,
	"expected" integer NOT NULL,
	"upi" integer DEFAULT 0 NOT NULL,
	"counted" integer NOT NULL,
	"difference" integer NOT NULL,
	"reason" text,
	"denominations" jsonb,
	"received_by" integer,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_money_ck" CHECK ("cash_handovers"."expected" >= 0 and "cash_handovers"."upi" >= 0 and "cash_handovers"."counted" >= 0 and "cash_handovers"."difference" = "cash_handovers"."counted" - "cash_handovers"."expected"),
	CONSTRAINT "cash_handovers_reason_ck" CHECK ("cash_handovers"."difference" = 0 or "cash_handovers"."reason" is not null),
	CONSTRAINT "cash_handovers_via_ck" CHECK ("cash_handovers"."via" in ('pos', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_trip_id_delivery_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."delivery_trips"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handovers_trip_uq" ON "cash_handovers" USING btree ("trip_id");
--> statement-breakpoint
CREATE INDEX "cash_handovers_website_idx" ON "cash_handovers" USING btree ("website_id","created_at");
--> statement-breakpoint
ALTER TABLE "trip_stops" ADD COLUMN "photo_path" text;
