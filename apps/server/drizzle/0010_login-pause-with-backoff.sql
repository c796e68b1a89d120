ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
-- Locks set by failed logins become a pause that has already ended (decision 0016): strangers could set them.
UPDATE "users" SET "status" = 'active', "locked_until" = NULL, "failed_login_count" = 0 WHERE "status" = 'locked';
