CREATE TABLE "cs_group_participants" (
	"client_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_group_participants_client_id_group_id_phone_number_pk" PRIMARY KEY("client_id","group_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "cs_groups" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"subject" text NOT NULL,
	"provider_group_id" text,
	"channel_id" uuid,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_groups_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_internal_unreads" (
	"client_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"cs_id" uuid NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cs_internal_unreads_client_id_room_id_cs_id_pk" PRIMARY KEY("client_id","room_id","cs_id")
);
--> statement-breakpoint
CREATE TABLE "cs_ticket_events" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"change" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_ticket_events_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_tickets" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"assignee_cs_id" uuid,
	"due_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "cs_tickets_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cs_groups_provider_key" ON "cs_groups" USING btree ("client_id","provider_group_id");--> statement-breakpoint
CREATE INDEX "cs_groups_list_idx" ON "cs_groups" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cs_ticket_events_ticket_idx" ON "cs_ticket_events" USING btree ("client_id","ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_tickets_room_unresolved_key" ON "cs_tickets" USING btree ("client_id","room_id") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "cs_tickets_list_idx" ON "cs_tickets" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cs_tickets_status_idx" ON "cs_tickets" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "cs_tickets_room_idx" ON "cs_tickets" USING btree ("client_id","room_id");