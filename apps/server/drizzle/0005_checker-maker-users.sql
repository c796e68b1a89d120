CREATE TABLE "checker_maker_users" (
	"client_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"maker" boolean NOT NULL,
	"checker" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text,
	CONSTRAINT "checker_maker_users_client_id_channel_user_id_pk" PRIMARY KEY("client_id","channel","user_id")
);
--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD COLUMN "channel" text;