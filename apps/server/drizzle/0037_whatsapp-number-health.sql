ALTER TABLE "whatsapp_channels" ADD COLUMN "verified_name" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "name_status" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "quality_rating" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "messaging_limit_tier" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "throughput_level" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "code_verification_status" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "platform_type" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "graph_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "graph_error" text;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD COLUMN "refresh_requested_at" timestamp with time zone;