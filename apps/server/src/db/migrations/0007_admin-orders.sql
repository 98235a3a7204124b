ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected" integer;--> statement-breakpoint
CREATE INDEX "orders_admin_list_idx" ON "orders" USING btree ("website_id","created_at");