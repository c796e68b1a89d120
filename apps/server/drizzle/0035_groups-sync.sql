CREATE TABLE "whatsapp_sandbox_groups" (
	"client_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"subject" text NOT NULL,
	"invite_link" text NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_sandbox_groups_client_id_group_id_pk" PRIMARY KEY("client_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "cs_group_participants" ADD COLUMN "state" text DEFAULT 'joined' NOT NULL;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "sync_state" text DEFAULT 'synced' NOT NULL;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "provider_subject" text;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD COLUMN "invite_link" text;