CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"session_id" text,
	"pathname" text,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"consent" text DEFAULT 'on' NOT NULL,
	"posthog_host" text DEFAULT '' NOT NULL,
	"posthog_key" text DEFAULT '' NOT NULL,
	"staff_analytics" boolean DEFAULT false NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "error_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"culprit" text DEFAULT '' NOT NULL,
	"level" text DEFAULT 'error' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"release" text,
	"environment" text,
	"request_id" text,
	"url" text,
	"user_id" text,
	"latest" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_groups" ADD CONSTRAINT "error_groups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_uuid_uq" ON "analytics_events" USING btree ("website_id","uuid");--> statement-breakpoint
CREATE INDEX "analytics_events_site_time_idx" ON "analytics_events" USING btree ("website_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_site_event_idx" ON "analytics_events" USING btree ("website_id","event","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "error_groups_fingerprint_uq" ON "error_groups" USING btree ("website_id","fingerprint");--> statement-breakpoint
CREATE INDEX "error_groups_site_seen_idx" ON "error_groups" USING btree ("website_id","last_seen");