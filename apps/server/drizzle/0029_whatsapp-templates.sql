CREATE TABLE "telegram_webhook_registrations" (
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_version" integer NOT NULL,
	"url" text NOT NULL,
	"ok" boolean,
	"description" text,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_webhook_registrations_client_id_pk" PRIMARY KEY("client_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"provider_template_id" text,
	"draft" jsonb NOT NULL,
	"status_at" timestamp with time zone,
	"review_due_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_key" ON "whatsapp_templates" USING btree ("client_id","channel_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_created_idx" ON "whatsapp_templates" USING btree ("client_id","created_at");