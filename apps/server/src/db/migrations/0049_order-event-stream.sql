-- Hand-written (issue 41 §4): the order event stream. An order placed, moved or refunded writes its
-- event here in the transaction (or the one statement) that changed it; the consumers (notifications
-- today) read the stream from the job runner, each marking the events it has handled in
-- `domain_event_receipts`, in the same transaction as what it writes: an event is handled once per
-- consumer, however often or concurrently the consumer runs.
CREATE TABLE "domain_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" integer NOT NULL,
	"topic" text NOT NULL,
	"order_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_events_topic_ck" CHECK ("domain_events"."topic" in ('order.placed', 'order.status_changed', 'order.refunded'))
);
--> statement-breakpoint
CREATE TABLE "domain_event_receipts" (
	"consumer" text NOT NULL,
	"event_id" bigint NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_receipts_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_event_receipts" ADD CONSTRAINT "domain_event_receipts_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "domain_event_receipts_event_idx" ON "domain_event_receipts" USING btree ("event_id");
