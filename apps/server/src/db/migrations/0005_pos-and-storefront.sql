CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"term" text NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_held_carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_held_carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"till" text NOT NULL,
	"label" text NOT NULL,
	"cart" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"shift_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"upi" integer DEFAULT 0 NOT NULL,
	"card" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"order_id" text PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"cash_tendered" integer DEFAULT 0 NOT NULL,
	"upi" integer DEFAULT 0 NOT NULL,
	"card" integer DEFAULT 0 NOT NULL,
	"card_ref" text,
	"offline" boolean DEFAULT false NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"upi_vpa" text DEFAULT '' NOT NULL,
	"payee_name" text DEFAULT '' NOT NULL,
	"max_discount_bp" integer DEFAULT 1000 NOT NULL,
	"walk_in_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "pos_shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"till" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"opening_float" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"counted" integer,
	"expected" integer,
	"difference" integer,
	CONSTRAINT "pos_shifts_float_nonnegative" CHECK ("pos_shifts"."opening_float" >= 0)
);
--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "sold_by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_held_carts" ADD CONSTRAINT "pos_held_carts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_held_carts" ADD CONSTRAINT "pos_held_carts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_walk_in_user_id_users_id_fk" FOREIGN KEY ("walk_in_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_website_term_uq" ON "search_synonyms" USING btree ("website_id","term");--> statement-breakpoint
CREATE INDEX "pos_held_carts_till_idx" ON "pos_held_carts" USING btree ("website_id","till");--> statement-breakpoint
CREATE INDEX "pos_returns_order_idx" ON "pos_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_returns_shift_idx" ON "pos_returns" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_key_uq" ON "pos_sales" USING btree ("website_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pos_sales_shift_idx" ON "pos_sales" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_shifts_open_uq" ON "pos_shifts" USING btree ("website_id","till") WHERE "pos_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "pos_shifts_website_idx" ON "pos_shifts" USING btree ("website_id","opened_at");--> statement-breakpoint
-- hand-written (keep when regenerating): the demo's WELCOME50 ("₹50 off your first order") becomes first-order only, as its name promised
UPDATE "coupons" SET "first_order_only" = true WHERE "code" = 'WELCOME50' AND "per_customer_limit" = 1;
