-- Hand-written (issue 40 §12): the difference a staff edit adds to a paid prepaid order, collected by a
-- payment link as a second payment of the order. A table of its own, not a second `payments` row:
-- one payment per order (`payments_order_uq`) is what every payment query, and the previous release, rely on.
CREATE TABLE "payment_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"refund_id" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_balances_status_ck" CHECK ("payment_balances"."status" in ('pending', 'paid', 'void', 'refund_pending', 'refunded')),
	CONSTRAINT "payment_balances_amount_ck" CHECK ("payment_balances"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_balances" ADD CONSTRAINT "payment_balances_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_balances" ADD CONSTRAINT "payment_balances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_balances_provider_order_uq" ON "payment_balances" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_balances_open_uq" ON "payment_balances" USING btree ("order_id") WHERE "payment_balances"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_balances_order_idx" ON "payment_balances" USING btree ("order_id");
