DROP INDEX "products_website_updated_idx";--> statement-breakpoint
CREATE INDEX "products_website_updated_idx" ON "products" USING btree ("website_id","updated_at","id");