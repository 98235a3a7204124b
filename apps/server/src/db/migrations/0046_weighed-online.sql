ALTER TABLE "packs" ADD COLUMN "step_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_step_grams_range" CHECK ("packs"."step_grams" between 1 and 10000);
