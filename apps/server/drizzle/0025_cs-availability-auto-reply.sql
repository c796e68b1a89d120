CREATE TABLE "cs_auto_reply_rules" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"reply" text NOT NULL,
	"period_minutes" integer DEFAULT 1440 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_auto_reply_rules_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_auto_reply_sends" (
	"client_id" uuid NOT NULL,
	"rule_key" text NOT NULL,
	"customer_phone" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cs_auto_reply_sends_client_id_rule_key_customer_phone_pk" PRIMARY KEY("client_id","rule_key","customer_phone")
);
--> statement-breakpoint
CREATE TABLE "cs_availability" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"scope" text NOT NULL,
	"cs_id" uuid,
	"scope_key" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_availability_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "cs_agents" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cs_auto_reply_rules_trigger_key" ON "cs_auto_reply_rules" USING btree ("client_id","trigger") WHERE "cs_auto_reply_rules"."trigger" <> 'keyword';--> statement-breakpoint
CREATE INDEX "cs_auto_reply_rules_created_idx" ON "cs_auto_reply_rules" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_availability_scope_key" ON "cs_availability" USING btree ("client_id","scope_key");