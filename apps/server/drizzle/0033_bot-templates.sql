ALTER TABLE "cs_auto_reply_rules" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "cs_bot_actions" ADD COLUMN "template" jsonb;