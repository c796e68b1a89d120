ALTER TABLE "messaging_outbound" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messaging_outbound" ADD COLUMN "content_sealed" text;