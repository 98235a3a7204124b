ALTER TABLE "sign_in_codes" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "holder" text;