CREATE TABLE "cs_agent_connections" (
	"client_id" uuid NOT NULL,
	"cs_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"sockets" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cs_agent_connections_client_id_cs_id_node_id_pk" PRIMARY KEY("client_id","cs_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "cs_messages" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "cs_rooms" ADD COLUMN "csat_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cs_rooms" ADD COLUMN "csat_score" integer;--> statement-breakpoint
ALTER TABLE "cs_rooms" ADD COLUMN "csat_at" timestamp with time zone;