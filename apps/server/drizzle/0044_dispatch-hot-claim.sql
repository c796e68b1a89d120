-- Decision 0074: the claim (queued → sending) becomes a HOT update. The due index's predicate is `pending`
-- (queued or sending), a value the claim does not change, and the lease index (on `claimed_until`, which
-- every claim sets) is gone: the claim finds run-out leases in the due index (a row being sent was due when
-- it was claimed). Fill factor 50 leaves each page room for its rows' claimed versions (a chunk's claim
-- updates whole pages at once). Adding the stored generated column rewrites the table once at that fill factor.
ALTER TABLE "campaign_notifications" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "messaging_outbound" SET (fillfactor = 50);--> statement-breakpoint
DROP INDEX "campaign_notifications_due_idx";--> statement-breakpoint
DROP INDEX "campaign_notifications_sending_idx";--> statement-breakpoint
ALTER TABLE "campaign_notifications" DROP COLUMN "in_queue";--> statement-breakpoint
ALTER TABLE "campaign_notifications" DROP COLUMN "leased";--> statement-breakpoint
ALTER TABLE "campaign_notifications" ADD COLUMN "pending" boolean GENERATED ALWAYS AS (status in ('queued', 'sending')) STORED;--> statement-breakpoint
CREATE INDEX "campaign_notifications_due_idx" ON "campaign_notifications" USING btree ("client_id","channel","due_at") WHERE pending;
