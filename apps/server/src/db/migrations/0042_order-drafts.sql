CREATE TABLE "order_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"address_id" integer,
	"slot_id" integer,
	"slot_date" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_drafts_status_check" CHECK ("order_drafts"."status" in ('draft', 'sent', 'placed'))
);--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_drafts_number_uq" ON "order_drafts" USING btree ("website_id","number");--> statement-breakpoint
CREATE INDEX "order_drafts_website_status_idx" ON "order_drafts" USING btree ("website_id","status","created_at");
