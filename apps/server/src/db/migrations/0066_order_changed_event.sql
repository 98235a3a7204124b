-- Issue 41 §4: a change the shop makes to an order (a line removed or substituted, a staff edit)
-- becomes an `order.changed` event written in the change's transaction, and the notifications
-- consumer tells the customer from it (before, a message was sent after the commit). The check is
-- widened NOT VALID and then validated: VALIDATE reads the old rows under a lighter lock than an
-- ADD CONSTRAINT that checks them itself.
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_topic_ck";--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_topic_ck" CHECK ("domain_events"."topic" in ('order.placed', 'order.status_changed', 'order.refunded', 'order.changed')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_events" VALIDATE CONSTRAINT "domain_events_topic_ck";
