ALTER TABLE "packs" ADD COLUMN "barcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-added: installs seeded before this migration may repeat a SKU (the demo seed cut slugs at 24 characters); later packs get their id appended so the unique index can be built.
UPDATE "packs" p SET "sku" = p."sku" || '-' || p."id" WHERE p."sku" <> '' AND EXISTS (SELECT 1 FROM "packs" q WHERE q."website_id" = p."website_id" AND q."sku" = p."sku" AND q."id" < p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_website_sku_uq" ON "packs" USING btree ("website_id","sku") WHERE "packs"."sku" <> '';--> statement-breakpoint
CREATE INDEX "products_website_updated_idx" ON "products" USING btree ("website_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_website_name_idx" ON "products" USING btree ("website_id","name");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'active', 'archived'));