ALTER TABLE "stored_files" ADD COLUMN "owner" text;--> statement-breakpoint
CREATE INDEX "campaign_pdf_documents_file_idx" ON "campaign_pdf_documents" USING btree ("client_id","file_id");--> statement-breakpoint
CREATE INDEX "stored_files_sha_idx" ON "stored_files" USING btree ("sha256");