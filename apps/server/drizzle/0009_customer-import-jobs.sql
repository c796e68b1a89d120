CREATE TABLE "cs_customer_import_chunks" (
	"client_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "cs_customer_import_chunks_client_id_import_id_seq_pk" PRIMARY KEY("client_id","import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "cs_customer_imports" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"accepted" integer NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cs_customer_imports_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE INDEX "cs_customer_imports_created_idx" ON "cs_customer_imports" USING btree ("client_id","created_at");