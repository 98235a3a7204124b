CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_known" CHECK (reason in ('opening', 'order', 'release', 'cancel', 'adjustment', 'pos_sale', 'return', 'import')),
	CONSTRAINT "stock_movements_balance_non_negative" CHECK ("stock_movements"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_pack_idx" ON "stock_movements" USING btree ("pack_id","warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("website_id","reference");--> statement-breakpoint
-- Hand-written backfill: every balance that existed before the ledger gets its opening movement,
-- so balance = sum of movements holds from the first upgrade on.
INSERT INTO "stock_movements" ("website_id", "pack_id", "warehouse_id", "quantity", "balance", "reason", "reference", "actor")
SELECT "website_id", "pack_id", "warehouse_id", "available", "available", 'opening', NULL, 'migration' FROM "stock";
