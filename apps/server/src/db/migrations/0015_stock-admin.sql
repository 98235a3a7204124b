CREATE TABLE "inventory_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"low_stock_threshold" integer NOT NULL,
	CONSTRAINT "inventory_settings_threshold_non_negative" CHECK ("inventory_settings"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pack_thresholds" (
	"pack_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"threshold" integer NOT NULL,
	CONSTRAINT "pack_thresholds_non_negative" CHECK ("pack_thresholds"."threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_known";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_thresholds" ADD CONSTRAINT "pack_thresholds_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_thresholds" ADD CONSTRAINT "pack_thresholds_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_thresholds_website_idx" ON "pack_thresholds" USING btree ("website_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK (reason in ('opening', 'order', 'release', 'cancel', 'adjustment', 'pos_sale', 'return', 'import', 'received', 'damaged', 'expired', 'count'));