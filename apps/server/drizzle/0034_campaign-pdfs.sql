CREATE TABLE "campaign_pdf_documents" (
	"client_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"recipient" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_pdf_documents_client_id_notification_id_pk" PRIMARY KEY("client_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_batches" ADD COLUMN "pdf_script" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pdf_script" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_pdf_documents" ADD CONSTRAINT "campaign_pdf_documents_notification_fk" FOREIGN KEY ("client_id","notification_id") REFERENCES "public"."campaign_notifications"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_pdf_documents_batch_idx" ON "campaign_pdf_documents" USING btree ("client_id","batch_id","row_no");