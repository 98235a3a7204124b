ALTER TABLE "website_domains" ADD COLUMN "is_primary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "managed_website_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_managed_website_id_websites_id_fk" FOREIGN KEY ("managed_website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_domains_primary_uq" ON "website_domains" USING btree ("website_id") WHERE "website_domains"."is_primary";--> statement-breakpoint
UPDATE "website_domains" SET "is_primary" = true WHERE "id" IN (SELECT min("id") FROM "website_domains" GROUP BY "website_id");