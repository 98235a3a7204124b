CREATE TABLE "often_bought" (
	"website_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "often_bought_website_id_product_id_other_id_pk" PRIMARY KEY("website_id","product_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_instructions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "substitution" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "often_bought" ADD CONSTRAINT "often_bought_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tip_range" CHECK ("orders"."tip" >= 0 and "orders"."tip" <= 20000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_substitution_known" CHECK ("orders"."substitution" in ('call', 'replace', 'refund'));