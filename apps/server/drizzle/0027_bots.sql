CREATE TABLE "cs_bot_actions" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"bot_action_name" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image_url" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"branches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"save_as" text,
	"next" text,
	"hand_off_tag" text,
	"hand_off_cs_id" uuid,
	CONSTRAINT "cs_bot_actions_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_bot_projects" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"project_name" text NOT NULL,
	"project_desc" text DEFAULT '' NOT NULL,
	"kata_ai_project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_bot_projects_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_bot_providers" (
	"client_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"webhook_url" text,
	"secret_sealed" text,
	"connected" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_bot_providers_client_id_provider_name_pk" PRIMARY KEY("client_id","provider","name")
);
--> statement-breakpoint
CREATE TABLE "cs_bot_sessions" (
	"client_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"state" text,
	"retries" integer DEFAULT 0 NOT NULL,
	"collected" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_bot_sessions_client_id_room_id_pk" PRIMARY KEY("client_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "cs_bot_validations" (
	"client_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"state_name" text NOT NULL,
	"rule" text NOT NULL,
	"min" integer,
	"max" integer,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_message" text NOT NULL,
	"max_retries" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_bot_validations_client_id_bot_id_state_name_pk" PRIMARY KEY("client_id","bot_id","state_name")
);
--> statement-breakpoint
CREATE TABLE "cs_bots" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bot_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT 'always' NOT NULL,
	"kind" text DEFAULT 'flow' NOT NULL,
	"project_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_bots_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cs_bot_actions_name_key" ON "cs_bot_actions" USING btree ("client_id","bot_id","bot_action_name");--> statement-breakpoint
CREATE INDEX "cs_bot_actions_position_idx" ON "cs_bot_actions" USING btree ("client_id","bot_id","position");--> statement-breakpoint
CREATE INDEX "cs_bot_projects_provider_idx" ON "cs_bot_projects" USING btree ("client_id","provider","name");--> statement-breakpoint
CREATE INDEX "cs_bot_sessions_active_idx" ON "cs_bot_sessions" USING btree ("client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_bots_name_key" ON "cs_bots" USING btree ("client_id","bot_name");