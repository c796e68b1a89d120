DROP INDEX "cs_rooms_live_key";--> statement-breakpoint
ALTER TABLE "cs_rooms" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
-- Rooms from before: the number the customer last wrote to, else the client's first (what replies used).
UPDATE "cs_rooms" AS r SET "channel_id" = coalesce(
	(SELECT m."channel_id" FROM "whatsapp_messages" AS m
		WHERE m."client_id" = r."client_id" AND m."customer_phone" = r."customer_phone_number" AND m."direction" = 'in'
		ORDER BY m."sent_at" DESC LIMIT 1),
	(SELECT c."id" FROM "whatsapp_channels" AS c WHERE c."client_id" = r."client_id" ORDER BY c."created_at" LIMIT 1)
) WHERE NOT r."is_internal" AND r."channel" = 'whatsapp';--> statement-breakpoint
CREATE UNIQUE INDEX "cs_rooms_live_key" ON "cs_rooms" USING btree ("client_id","customer_phone_number","channel",coalesce("channel_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE status <> 'closed' and not is_internal;