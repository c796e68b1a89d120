CREATE TABLE "cs_analytics_dashboards" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"widgets" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_analytics_dashboards_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_analytics_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"metabase_site_url" text NOT NULL,
	"metabase_secret_sealed" text NOT NULL,
	"metabase_dashboard_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_email_pulses" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"recipients" text[] NOT NULL,
	"widgets" text[] NOT NULL,
	"frequency" text NOT NULL,
	"day_of_week" integer,
	"hour" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_run_for" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_email_pulses_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "cs_rooms" ADD COLUMN "bot_handled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "cs_analytics_dashboards_created_idx" ON "cs_analytics_dashboards" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_email_pulses_created_idx" ON "cs_email_pulses" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_email_pulses_due_idx" ON "cs_email_pulses" USING btree ("next_run_at") WHERE status = 'active';--> statement-breakpoint
-- hand-written below
-- Decision 0038: bot containment counts the rooms the bot held even after a hand-off clears is_bot,
-- whatever code puts a room in the bot queue (on arrival or later).
CREATE OR REPLACE FUNCTION sapa_mark_bot_handled() RETURNS trigger AS $$
BEGIN
  IF NEW.is_bot THEN NEW.bot_handled := true; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER cs_rooms_bot_handled BEFORE INSERT OR UPDATE OF is_bot ON cs_rooms
  FOR EACH ROW EXECUTE FUNCTION sapa_mark_bot_handled();--> statement-breakpoint
UPDATE cs_rooms SET bot_handled = true WHERE is_bot;
