ALTER TABLE "packs" ADD COLUMN "plu" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "packs_website_plu_uq" ON "packs" USING btree ("website_id","plu") WHERE "packs"."plu" <> '';
