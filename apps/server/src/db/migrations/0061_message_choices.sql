-- Hand-written (issue 46 item 7): the shopper's message channels. `message_choices`: one row per
-- website, account and kind of message a shopper changed (WhatsApp / SMS / email each on or off;
-- no row: every channel, as before). `whatsapp_opt_outs`: the mobiles (wa_id form) that replied
-- STOP on a website's WhatsApp number, honoured before any account has that mobile.
-- `whatsapp_inbound`: the customers' messages the webhook handled, one per WhatsApp message id, so
-- a retried webhook changes and answers nothing twice. Expand only: three new tables.
CREATE TABLE "message_choices" (
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_choices_website_id_user_id_kind_pk" PRIMARY KEY("website_id","user_id","kind"),
	CONSTRAINT "message_choices_kind_ck" CHECK ("message_choices"."kind" in ('orders', 'payments', 'subscriptions', 'offers'))
);
--> statement-breakpoint
ALTER TABLE "message_choices" ADD CONSTRAINT "message_choices_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_choices" ADD CONSTRAINT "message_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"website_id" integer NOT NULL,
	"phone" text NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_opt_outs_website_id_phone_pk" PRIMARY KEY("website_id","phone")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_opt_outs" ADD CONSTRAINT "whatsapp_opt_outs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"website_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"command" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_website_id_message_id_pk" PRIMARY KEY("website_id","message_id"),
	CONSTRAINT "whatsapp_inbound_command_ck" CHECK ("whatsapp_inbound"."command" is null or "whatsapp_inbound"."command" in ('stop', 'start'))
);
--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_received_idx" ON "whatsapp_inbound" USING btree ("received_at");
