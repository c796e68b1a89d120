-- Decision 0061: the indexes of campaign_notifications and messaging_outbound key on stored columns derived
-- from `status` (in_queue, leased, reached, queued) instead of `status` and `updated_at`, so a delivery
-- report (sent → delivered → read) and a ledger row's claim change no indexed column and can be HOT
-- updates; the (client, recipient) index served no query (every recipient filter is ILIKE or a prefix
-- LIKE). Adding a stored generated column rewrites each table once, at the fill factor set first.
ALTER TABLE "campaign_notifications" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "messaging_outbound" SET (fillfactor = 80);--> statement-breakpoint
DROP INDEX "campaign_notifications_recipient_idx";--> statement-breakpoint
DROP INDEX "campaign_notifications_due_idx";--> statement-breakpoint
DROP INDEX "campaign_notifications_sending_idx";--> statement-breakpoint
DROP INDEX "campaign_notifications_reached_idx";--> statement-breakpoint
DROP INDEX "messaging_outbound_queued_idx";--> statement-breakpoint
ALTER TABLE "campaign_notifications" ADD COLUMN "in_queue" boolean GENERATED ALWAYS AS (status = 'queued') STORED;--> statement-breakpoint
ALTER TABLE "campaign_notifications" ADD COLUMN "leased" boolean GENERATED ALWAYS AS (status = 'sending') STORED;--> statement-breakpoint
ALTER TABLE "campaign_notifications" ADD COLUMN "reached" boolean GENERATED ALWAYS AS (status in ('sent', 'delivered', 'read', 'answered')) STORED;--> statement-breakpoint
ALTER TABLE "messaging_outbound" ADD COLUMN "queued" boolean GENERATED ALWAYS AS (status = 'queued') STORED;--> statement-breakpoint
CREATE INDEX "campaign_notifications_due_idx" ON "campaign_notifications" USING btree ("client_id","channel","due_at") WHERE in_queue;--> statement-breakpoint
CREATE INDEX "campaign_notifications_sending_idx" ON "campaign_notifications" USING btree ("claimed_until") WHERE leased;--> statement-breakpoint
CREATE INDEX "campaign_notifications_reached_idx" ON "campaign_notifications" USING btree ("client_id","channel","sent_at","recipient") WHERE sent_at is not null and reached;--> statement-breakpoint
CREATE INDEX "messaging_outbound_queued_idx" ON "messaging_outbound" USING btree ("client_id","created_at") WHERE queued;
