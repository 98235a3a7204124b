-- Issue 44: checkout pays from the wallet wholly or split with a gateway. A split order keeps the
-- wallet's part here (orders domain, `orders.walletPaid`), and what of it went back to the wallet;
-- the payment row (a gateway's) is for the rest. Both start at 0: an instant change (a constant
-- default). The check is added NOT VALID and then validated: VALIDATE reads the old rows (they
-- hold it trivially: 0 - 0 <= total) under a lighter lock than an ADD CONSTRAINT that checks them.
ALTER TABLE "orders" ADD COLUMN "wallet_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_wallet_part" CHECK ("orders"."wallet_paid" >= 0 and "orders"."wallet_returned" between 0 and "orders"."wallet_paid" and "orders"."wallet_paid" - "orders"."wallet_returned" <= "orders"."total") NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" VALIDATE CONSTRAINT "orders_wallet_part";
