-- Hand-written (issue 44 §1-3): the customer's money on one append-only ledger, like the stock
-- ledger. `customer_accounts` holds one balance per website, customer and kind (a prepaid wallet,
-- or a khata: store credit up to a limit), changed only by one guarded update whose entry is written
-- in the same statement; `account_entries` is that ledger; `wallet_topups` are the gateway orders a
-- shopper pays to top up a wallet (not a sale: no invoice, no GST).
CREATE TABLE "customer_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"credit_limit_paise" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_kind_ck" CHECK ("customer_accounts"."kind" in ('wallet', 'khata')),
	CONSTRAINT "customer_accounts_status_ck" CHECK ("customer_accounts"."status" in ('open', 'closed')),
	CONSTRAINT "customer_accounts_limit_ck" CHECK ("customer_accounts"."credit_limit_paise" >= 0 and ("customer_accounts"."kind" = 'khata' or "customer_accounts"."credit_limit_paise" = 0)),
	CONSTRAINT "customer_accounts_balance_ck" CHECK ("customer_accounts"."balance_paise" >= -"customer_accounts"."credit_limit_paise")
);
--> statement-breakpoint
CREATE TABLE "account_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_entries_amount_ck" CHECK ("account_entries"."amount_paise" <> 0),
	CONSTRAINT "account_entries_reason_ck" CHECK ("account_entries"."reason" in ('topup', 'order_payment', 'refund', 'cashback', 'goodwill', 'khata_sale', 'khata_payment', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "wallet_topups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_topups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_paise" integer NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_topups_provider_ck" CHECK ("wallet_topups"."provider" in ('razorpay', 'cashfree')),
	CONSTRAINT "wallet_topups_status_ck" CHECK ("wallet_topups"."status" in ('pending', 'paid', 'review')),
	CONSTRAINT "wallet_topups_amount_ck" CHECK ("wallet_topups"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_topups" ADD CONSTRAINT "wallet_topups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_topups" ADD CONSTRAINT "wallet_topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_topups" ADD CONSTRAINT "wallet_topups_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_accounts_owner_uq" ON "customer_accounts" USING btree ("website_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "customer_accounts_website_idx" ON "customer_accounts" USING btree ("website_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_key_uq" ON "account_entries" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "account_entries_account_idx" ON "account_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "account_entries_reference_idx" ON "account_entries" USING btree ("website_id","reference_type","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_topups_provider_order_uq" ON "wallet_topups" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "wallet_topups_user_idx" ON "wallet_topups" USING btree ("website_id","user_id","id");--> statement-breakpoint
-- The ledger is append-only: an entry is never changed (a correction is a new `adjustment` entry).
CREATE FUNCTION "account_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'account_entries is append-only: write an adjustment entry instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "account_entries_no_update" BEFORE UPDATE ON "account_entries" FOR EACH ROW EXECUTE FUNCTION "account_entries_append_only"();
