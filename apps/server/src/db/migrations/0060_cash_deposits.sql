-- Hand-written (issue 45 item 4): the counted cash of riders' handovers taken to the bank
-- (`cash_deposits`: the amount, the day, the bank's reference, who recorded it), and each
-- handover's deposit (`cash_handovers.deposit_id`, null until deposited). The deposit may not be
-- deleted while handovers name it (no action, checked at the statement's end, so deleting a
-- website still cascades through both). Expand only: a new table and a nullable column.
CREATE TABLE "cash_deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"deposited_on" date NOT NULL,
	"bank_reference" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_deposits_amount_ck" CHECK ("cash_deposits"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_deposits" ADD CONSTRAINT "cash_deposits_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cash_deposits" ADD CONSTRAINT "cash_deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cash_deposits_website_idx" ON "cash_deposits" USING btree ("website_id","deposited_on");
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD COLUMN "deposit_id" integer;
--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_deposit_id_cash_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."cash_deposits"("id") ON DELETE no action ON UPDATE no action;
