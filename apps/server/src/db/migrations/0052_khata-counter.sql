-- Hand-written (issue 44 §2, §7): khata at the counter and the monthly statements.
-- `pos_sales.khata`: the part of a counter sale put on the customer's khata (paise; its ledger
-- entry is written in the sale's transaction under the key `pos_sale:{idempotency key}`).
-- `pos_account_payments`: money taken at the till against a khata or into a wallet (cash or UPI),
-- with the shift whose drawer holds it. `khata_settings`: per website, the days after the statement
-- date a khata's balance is due. `khata_notices`: the statement and its reminders sent, one per
-- (account, month, stage), so the job sends each once however often it runs.
ALTER TABLE "pos_sales" ADD COLUMN "khata" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "pos_account_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_account_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"account_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_account_payments_purpose_ck" CHECK ("pos_account_payments"."purpose" in ('khata', 'wallet')),
	CONSTRAINT "pos_account_payments_method_ck" CHECK ("pos_account_payments"."method" in ('cash', 'upi')),
	CONSTRAINT "pos_account_payments_amount_ck" CHECK ("pos_account_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "pos_account_payments" ADD CONSTRAINT "pos_account_payments_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_account_payments" ADD CONSTRAINT "pos_account_payments_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_account_payments" ADD CONSTRAINT "pos_account_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_account_payments" ADD CONSTRAINT "pos_account_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_account_payments_key_uq" ON "pos_account_payments" USING btree ("website_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "pos_account_payments_shift_idx" ON "pos_account_payments" USING btree ("shift_id");
--> statement-breakpoint
CREATE TABLE "khata_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"due_days" integer DEFAULT 7 NOT NULL,
	CONSTRAINT "khata_settings_due_days_ck" CHECK ("khata_settings"."due_days" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "khata_settings" ADD CONSTRAINT "khata_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "khata_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "khata_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"month" text NOT NULL,
	"stage" text NOT NULL,
	"owed_paise" integer NOT NULL,
	"due_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_notices_stage_ck" CHECK ("khata_notices"."stage" in ('statement', 'before_due', 'after_due'))
);
--> statement-breakpoint
ALTER TABLE "khata_notices" ADD CONSTRAINT "khata_notices_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "khata_notices" ADD CONSTRAINT "khata_notices_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "khata_notices_once_uq" ON "khata_notices" USING btree ("account_id","month","stage");
