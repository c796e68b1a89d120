CREATE TABLE "channel_providers" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets_sealed" text NOT NULL,
	"secret_hints" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pending_task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_providers_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_edit_requests" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"action" text NOT NULL,
	"channel" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets_sealed" text NOT NULL,
	"secret_hints" jsonb NOT NULL,
	"is_default" boolean NOT NULL,
	"status" text NOT NULL,
	"task_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "provider_edit_requests_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_providers_name_key" ON "channel_providers" USING btree ("client_id","channel","name");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_providers_default_key" ON "channel_providers" USING btree ("client_id","channel") WHERE is_default;--> statement-breakpoint
CREATE INDEX "provider_edit_requests_provider_idx" ON "provider_edit_requests" USING btree ("client_id","provider_id","status");