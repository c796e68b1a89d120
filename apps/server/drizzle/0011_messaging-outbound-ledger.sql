CREATE TABLE "messaging_outbound" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel" text NOT NULL,
	"channel_account_id" text,
	"recipient" text NOT NULL,
	"content" jsonb NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_history" jsonb NOT NULL,
	"provider_message_id" text,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_outbound_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_outbound_idempotency_key" ON "messaging_outbound" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_outbound_provider_key" ON "messaging_outbound" USING btree ("client_id","channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "messaging_outbound_queued_idx" ON "messaging_outbound" USING btree ("client_id","updated_at") WHERE "messaging_outbound"."status" = 'queued';