-- Hand-written (issue 46 §2): translations of a website's catalogue and content. The product,
-- category, brand, navigation item or page block row holds the text in the website's default
-- language; a `translations` row holds one field of it in another offered language ('en' too, for a
-- website whose default is Hindi or Kannada). `entity_id` is the row id as text; for a page block
-- '<pageId>:<blockId>'. Expand only: a new table.
CREATE TABLE "translations" (
	"website_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text NOT NULL,
	"language" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_website_id_entity_entity_id_field_language_pk" PRIMARY KEY("website_id","entity","entity_id","field","language"),
	CONSTRAINT "translations_entity_known" CHECK ("translations"."entity" in ('product', 'category', 'brand', 'nav_item', 'block')),
	CONSTRAINT "translations_language_known" CHECK ("translations"."language" in ('en', 'hi', 'kn'))
);
--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "translations_language_idx" ON "translations" USING btree ("website_id","language","entity","field");
