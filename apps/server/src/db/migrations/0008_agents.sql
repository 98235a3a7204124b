ALTER TABLE "website_members" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "website_members" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "website_members" ADD CONSTRAINT "website_members_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_members_agent_idx" ON "website_members" USING btree ("website_id","agent_id");--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("website_id","agent_id","created_at");--> statement-breakpoint
ALTER TABLE "website_members" ADD CONSTRAINT "website_members_commission_range" CHECK ("website_members"."commission_bps" between 0 and 10000);