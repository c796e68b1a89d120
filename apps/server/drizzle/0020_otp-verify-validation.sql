CREATE TABLE "otp_checks" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"valid" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_checks_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "otp_counters" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "otp_counters_client_id_key_window_start_pk" PRIMARY KEY("client_id","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "otp_prefix_blocks" (
	"client_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"sends" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_prefix_blocks_client_id_prefix_pk" PRIMARY KEY("client_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "otp_requests" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"service_id" uuid,
	"destination" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text,
	"code_length" integer NOT NULL,
	"template" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"requested_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_requests_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "otp_sends" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"channel" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"outbound_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_sends_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "otp_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_results" (
	"client_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"input" text NOT NULL,
	"valid" boolean NOT NULL,
	"e164" text,
	"national_format" text,
	"country" text,
	"type" text,
	"error" text,
	"duplicate" boolean NOT NULL,
	"blacklisted" boolean NOT NULL,
	CONSTRAINT "validation_results_client_id_run_id_row_pk" PRIMARY KEY("client_id","run_id","row")
);
--> statement-breakpoint
CREATE TABLE "validation_runs" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"country" text NOT NULL,
	"file_key" text,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"blacklisted" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "validation_runs_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "verify_services" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"code_length" integer NOT NULL,
	"channels" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verify_services_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE INDEX "otp_checks_request_idx" ON "otp_checks" USING btree ("client_id","request_id");--> statement-breakpoint
CREATE INDEX "otp_checks_created_idx" ON "otp_checks" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_destination_idx" ON "otp_requests" USING btree ("client_id","destination","channel","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_created_idx" ON "otp_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_destination_idx" ON "otp_sends" USING btree ("client_id","destination","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_request_idx" ON "otp_sends" USING btree ("client_id","request_id");--> statement-breakpoint
CREATE INDEX "otp_sends_created_idx" ON "otp_sends" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "validation_runs_created_idx" ON "validation_runs" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verify_services_client_name_idx" ON "verify_services" USING btree ("client_id","name");