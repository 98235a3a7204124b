ALTER TABLE "website_members" ADD COLUMN "is_packer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_members" ADD COLUMN "is_delivery_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_members" ADD COLUMN "is_catalogue_editor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_members" ADD COLUMN "is_accountant" boolean DEFAULT false NOT NULL;
