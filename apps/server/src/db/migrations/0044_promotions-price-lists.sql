CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_known" CHECK ("promotions"."kind" in ('buy_x_get_y', 'combo', 'cart'))
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_website_idx" ON "promotions" USING btree ("website_id","active");--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_website_name_uq" ON "customer_groups" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_group_members_pk" PRIMARY KEY("website_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_group_members_group_idx" ON "customer_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"website_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "price_list_entries_pk" PRIMARY KEY("group_id","pack_id"),
	CONSTRAINT "price_list_entries_price_positive" CHECK ("price_list_entries"."price_paise" > 0),
	CONSTRAINT "price_list_entries_min_quantity_positive" CHECK ("price_list_entries"."min_quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_entries_pack_idx" ON "price_list_entries" USING btree ("pack_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion" text;
