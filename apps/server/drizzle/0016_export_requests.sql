ALTER TABLE "cs_exports" RENAME TO "export_requests";--> statement-breakpoint
ALTER TABLE "export_requests" RENAME CONSTRAINT "cs_exports_client_id_id_pk" TO "export_requests_client_id_id_pk";--> statement-breakpoint
ALTER INDEX "cs_exports_kind_idx" RENAME TO "export_requests_kind_idx";--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "file_id" uuid;
