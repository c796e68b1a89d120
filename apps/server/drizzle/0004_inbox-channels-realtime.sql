CREATE TABLE "whatsapp_channels" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"display_phone_number" text NOT NULL,
	"waba_id" text,
	"graph_base_url" text NOT NULL,
	"access_token_sealed" text,
	"app_secret_sealed" text NOT NULL,
	"verify_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_channels_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_name" text,
	"type" text NOT NULL,
	"text" text,
	"media_id" text,
	"media_mime_type" text,
	"media_file_name" text,
	"media_file_id" uuid,
	"media_error" text,
	"latitude" double precision,
	"longitude" double precision,
	"reply_to_provider_message_id" text,
	"status" text,
	"status_sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error_code" text,
	"error_title" text,
	"sent_at" timestamp with time zone NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_pending_statuses" (
	"client_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_title" text,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_pending_statuses_client_id_channel_id_provider_message_id_status_pk" PRIMARY KEY("client_id","channel_id","provider_message_id","status")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_events" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_webhook_events_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_agent_status_logs" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"cs_id" uuid NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "cs_agent_status_logs_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_agents" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"active_bot" boolean DEFAULT false NOT NULL,
	"bot_name" text,
	"cs_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"percentage_weight" integer DEFAULT 100 NOT NULL,
	"capacity" integer DEFAULT 10 NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"one_signal_id" text,
	"status" text DEFAULT 'offline' NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_agents_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_messages" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"provider_message_id" text,
	"type" text NOT NULL,
	"content" text,
	"url" text,
	"mime_type" text,
	"from_cs" boolean NOT NULL,
	"cs_id" uuid,
	"is_internal" boolean DEFAULT false NOT NULL,
	"reply_to_provider_message_id" text,
	"status" text,
	"error_code" text,
	"error_title" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_messages_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_configurations" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"default_bot_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_customers" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"media_platform" text DEFAULT 'whatsapp' NOT NULL,
	"img_profile_url" text,
	"cs_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_customers_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_tags" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_tags_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_exports" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"as_type" text DEFAULT 'csv' NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"content" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cs_exports_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_room_categories" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_room_categories_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_room_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last_short_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_rooms" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"short_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_phone_number" text NOT NULL,
	"customer_name" text,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"media_platform" text DEFAULT 'whatsapp' NOT NULL,
	"status" text NOT NULL,
	"cs_id" uuid,
	"is_bot" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"priority" text,
	"category_id" text,
	"category_name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"remarks" text,
	"campaign" text,
	"assignment_reason" text,
	"assigned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"merged_into" uuid,
	"opened_by_cs_id" uuid,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"last_message_from_cs" boolean,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_rooms_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_chat_templates" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"shortcut" text,
	"is_closing_remark" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_chat_templates_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "realtime_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"client_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"audience" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_events_client_id_seq_pk" PRIMARY KEY("client_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_channels_phone_number_id_key" ON "whatsapp_channels" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_channels_verify_token_idx" ON "whatsapp_channels" USING btree ("verify_token");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_id_key" ON "whatsapp_messages" USING btree ("client_id","channel_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_customer_idx" ON "whatsapp_messages" USING btree ("client_id","channel_id","customer_phone","direction","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_events_received_idx" ON "whatsapp_webhook_events" USING btree ("client_id","received_at");--> statement-breakpoint
CREATE INDEX "cs_agent_status_logs_cs_idx" ON "cs_agent_status_logs" USING btree ("client_id","cs_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_agents_email_key" ON "cs_agents" USING btree ("client_id","kind","email");--> statement-breakpoint
CREATE INDEX "cs_agents_status_idx" ON "cs_agents" USING btree ("client_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_messages_provider_key" ON "cs_messages" USING btree ("client_id","channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "cs_messages_room_idx" ON "cs_messages" USING btree ("client_id","room_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_customers_phone_key" ON "cs_customers" USING btree ("client_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_tags_name_key" ON "cs_tags" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "cs_tags_created_idx" ON "cs_tags" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_exports_kind_idx" ON "cs_exports" USING btree ("client_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_room_categories_name_key" ON "cs_room_categories" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_rooms_short_id_key" ON "cs_rooms" USING btree ("client_id","short_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_rooms_live_key" ON "cs_rooms" USING btree ("client_id","customer_phone_number","channel") WHERE status <> 'closed' and not is_internal;--> statement-breakpoint
CREATE INDEX "cs_rooms_list_idx" ON "cs_rooms" USING btree ("client_id","status","cs_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cs_rooms_created_idx" ON "cs_rooms" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cs_rooms_live_created_idx" ON "cs_rooms" USING btree ("client_id","created_at","id") WHERE status <> 'closed';--> statement-breakpoint
CREATE INDEX "cs_rooms_closed_idx" ON "cs_rooms" USING btree ("client_id","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_chat_templates_name_key" ON "cs_chat_templates" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "cs_chat_templates_created_idx" ON "cs_chat_templates" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_sha_key" ON "stored_files" USING btree ("client_id","sha256");