ALTER TABLE "pos_returns" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD COLUMN "reason" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD COLUMN "tender" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD COLUMN "rounding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_returns_number_uq" ON "pos_returns" USING btree ("website_id","number");--> statement-breakpoint
CREATE TABLE "pos_number_series" (
	"website_id" integer NOT NULL,
	"series" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_number_series_pk" PRIMARY KEY("website_id","series")
);--> statement-breakpoint
ALTER TABLE "pos_number_series" ADD CONSTRAINT "pos_number_series_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "pos_offline_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_offline_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"till" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "pos_offline_series" ADD CONSTRAINT "pos_offline_series_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_offline_series" ADD CONSTRAINT "pos_offline_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
