CREATE TABLE "campaign_attempts" (
	"client_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"channel" text NOT NULL,
	"provider" text,
	"outbound_id" uuid,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"charged_seconds" integer,
	CONSTRAINT "campaign_attempts_client_id_notification_id_attempt_pk" PRIMARY KEY("client_id","notification_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "campaign_batch_checkpoints" (
	"client_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_row_no" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_batch_checkpoints_client_id_batch_id_pk" PRIMARY KEY("client_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_batch_rejects" (
	"client_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"raw" jsonb NOT NULL,
	CONSTRAINT "campaign_batch_rejects_client_id_batch_id_row_no_pk" PRIMARY KEY("client_id","batch_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "campaign_batches" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"campaign_id" uuid,
	"campaign_version" integer,
	"source" text NOT NULL,
	"channel" text NOT NULL,
	"type" text DEFAULT 'blast' NOT NULL,
	"template" jsonb NOT NULL,
	"sender" text,
	"retry_plan" jsonb,
	"window_id" uuid,
	"status" text DEFAULT 'ingesting' NOT NULL,
	"file_name" text,
	"scheduled_at" timestamp with time zone,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"blacklisted_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"pending_task_id" uuid,
	"status_note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaign_batches_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_notifications" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"params" jsonb NOT NULL,
	"channel_index" integer DEFAULT 0 NOT NULL,
	"attempts_on_channel" integer DEFAULT 0 NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"outbound_id" uuid,
	"provider_message_id" text,
	"error_code" text,
	"error_message" text,
	"due_date" date,
	"amount" bigint,
	"paid_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "campaign_notifications_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaign_attempts" ADD CONSTRAINT "campaign_attempts_notification_fk" FOREIGN KEY ("client_id","notification_id") REFERENCES "public"."campaign_notifications"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_batch_checkpoints" ADD CONSTRAINT "campaign_batch_checkpoints_batch_fk" FOREIGN KEY ("client_id","batch_id") REFERENCES "public"."campaign_batches"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_batch_rejects" ADD CONSTRAINT "campaign_batch_rejects_batch_fk" FOREIGN KEY ("client_id","batch_id") REFERENCES "public"."campaign_batches"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_batches" ADD CONSTRAINT "campaign_batches_campaign_fk" FOREIGN KEY ("client_id","campaign_id") REFERENCES "public"."campaigns"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_notifications" ADD CONSTRAINT "campaign_notifications_batch_fk" FOREIGN KEY ("client_id","batch_id") REFERENCES "public"."campaign_batches"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_attempts_outbound_idx" ON "campaign_attempts" USING btree ("client_id","outbound_id");--> statement-breakpoint
CREATE INDEX "campaign_batch_rejects_kind_idx" ON "campaign_batch_rejects" USING btree ("client_id","batch_id","kind","row_no");--> statement-breakpoint
CREATE INDEX "campaign_batches_client_created_idx" ON "campaign_batches" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_batches_client_campaign_idx" ON "campaign_batches" USING btree ("client_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_batches_active_idx" ON "campaign_batches" USING btree ("client_id","status") WHERE status in ('scheduled', 'running', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_notifications_row_idx" ON "campaign_notifications" USING btree ("client_id","batch_id","row_no","step");--> statement-breakpoint
CREATE INDEX "campaign_notifications_due_idx" ON "campaign_notifications" USING btree ("client_id","channel","due_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "campaign_notifications_sending_idx" ON "campaign_notifications" USING btree ("claimed_until") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "campaign_notifications_client_created_idx" ON "campaign_notifications" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_notifications_recipient_idx" ON "campaign_notifications" USING btree ("client_id","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_notifications_idempotency_idx" ON "campaign_notifications" USING btree ("client_id","idempotency_key") WHERE idempotency_key is not null;