ALTER TABLE "whatsapp_webhook_events" ADD COLUMN "processed_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_webhook_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Deliveries stored before this migration were processed in the request that stored them.
UPDATE "whatsapp_webhook_events" SET "processed_at" = "received_at";--> statement-breakpoint
ALTER TABLE "cs_messages" ADD COLUMN "reaction" text;--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_events_unprocessed_idx" ON "whatsapp_webhook_events" USING btree ("client_id","received_at") WHERE processed_at is null;