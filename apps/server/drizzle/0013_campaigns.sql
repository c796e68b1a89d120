CREATE TABLE "campaign_retry_plans" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"max_attempts" integer NOT NULL,
	"delay" jsonb NOT NULL,
	"retry_on" jsonb NOT NULL,
	"fallback_channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_retry_plans_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"client_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"task_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "campaign_versions_client_id_campaign_id_version_pk" PRIMARY KEY("client_id","campaign_id","version")
);
--> statement-breakpoint
CREATE TABLE "campaign_windows" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL,
	"ranges" jsonb NOT NULL,
	"blackout_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_windows_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"template" jsonb NOT NULL,
	"param_translator" jsonb NOT NULL,
	"retry_plan_id" uuid,
	"window_id" uuid,
	"sender" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pending_task_id" uuid,
	"pending_version" integer,
	"status_note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_fk" FOREIGN KEY ("client_id","campaign_id") REFERENCES "public"."campaigns"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_retry_plan_fk" FOREIGN KEY ("client_id","retry_plan_id") REFERENCES "public"."campaign_retry_plans"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_window_fk" FOREIGN KEY ("client_id","window_id") REFERENCES "public"."campaign_windows"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_retry_plans_client_name_idx" ON "campaign_retry_plans" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_windows_client_name_idx" ON "campaign_windows" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_client_code_idx" ON "campaigns" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "campaigns_client_channel_idx" ON "campaigns" USING btree ("client_id","channel","created_at");