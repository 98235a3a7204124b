-- Hand-written (issue 45 §5): the shopper's tracking. A rider out on a trip may share the phone's
-- position: only the latest one is kept, one row per trip, deleted when the trip ends. Whether
-- riders may share it, and the shop's number a shopper calls to reach their rider (the rider's own
-- number is never shown), are website settings. Expand only: a new table and defaulted/nullable columns.
ALTER TABLE "delivery_trip_settings" ADD COLUMN "share_position" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_trip_settings" ADD COLUMN "call_number" text;
--> statement-breakpoint
CREATE TABLE "rider_positions" (
	"trip_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_positions_coords_ck" CHECK ("rider_positions"."lat" between -90 and 90 and "rider_positions"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_trip_id_delivery_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."delivery_trips"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
