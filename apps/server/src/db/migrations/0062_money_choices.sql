-- Hand-written (issue 44 §2, §4, §5): where the customer's money goes back and what an online
-- payment is for. `pos_returns.khata`: the part of a counter return credited to the customer's
-- khata (a sale put on khata is returned to the khata, not paid out in cash). `wallet_topups.purpose`:
-- a gateway payment into the wallet (`wallet`, as before) or against the khata (`khata`, the
-- shopper paying what they owe online). `payments.refund_to`: the shopper's choice for a cancelled
-- order's refund, `wallet` (at once) or null (back to the source, as before). Expand only: new
-- columns with defaults; an old process writes the defaults, which mean what it did before.
ALTER TABLE "pos_returns" ADD COLUMN "khata" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallet_topups" ADD COLUMN "purpose" text DEFAULT 'wallet' NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallet_topups" ADD CONSTRAINT "wallet_topups_purpose_ck" CHECK ("wallet_topups"."purpose" in ('wallet', 'khata'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_to" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_to_ck" CHECK ("payments"."refund_to" is null or "payments"."refund_to" = 'wallet');
