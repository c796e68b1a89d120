CREATE TABLE "campaign_resources" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"duration_ms" integer,
	"file_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_resources_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_resources_file_key" ON "campaign_resources" USING btree ("client_id","channel","file_id");--> statement-breakpoint
CREATE INDEX "campaign_resources_list_idx" ON "campaign_resources" USING btree ("client_id","channel","created_at","id");