-- Hand-written (issue 46 §6): WhatsApp beside SMS and email. A website's WhatsApp Business Cloud
-- API settings (`whatsapp_settings`: the access token and the app secret stored encrypted like the
-- payment keys), and on the outbox row what the provider said of a WhatsApp message (its id and the
-- furthest status a signed callback reported) and its SMS fallback (the SMS text kept on the
-- WhatsApp row, the time it fell back, and on the SMS row the WhatsApp row it stands in for: unique,
-- so a message falls back once). Expand only: a new table and nullable columns.
CREATE TABLE "whatsapp_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token" text NOT NULL,
	"app_secret" text NOT NULL,
	"verify_token" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_status" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_status_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_body" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_of" integer;
--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("website_id","provider_message_id") WHERE "outbox"."provider_message_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_fallback_of_uq" ON "outbox" USING btree ("fallback_of") WHERE "outbox"."fallback_of" is not null;
