-- Hand-written (issue 46 §1–2): the languages a website offers and its default, and the language a
-- person chose for their account (global like the person; a website that does not offer it falls
-- back to its default). Expand only: columns with defaults, and a nullable column.
ALTER TABLE "website_settings" ADD COLUMN "languages" text[] DEFAULT '{en}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;
