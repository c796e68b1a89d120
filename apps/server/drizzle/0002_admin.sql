CREATE TABLE "approval_tasks" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"maker_email" text NOT NULL,
	"checker_user_id" uuid,
	"checker_email" text,
	"note" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_tasks_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "client_api_secrets" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "client_api_secrets_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"protocol" text DEFAULT 'saml' NOT NULL,
	"entry_point" text,
	"idp_issuer" text NOT NULL,
	"idp_cert" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"client_id" uuid NOT NULL,
	"id" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_requests_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "rights" (
	"right_code" text PRIMARY KEY NOT NULL,
	"right_name" text NOT NULL,
	"right_description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_rights" (
	"role_code" text NOT NULL,
	"right_code" text NOT NULL,
	CONSTRAINT "role_rights_role_code_right_code_pk" PRIMARY KEY("role_code","right_code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_code" text PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"role_description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_logs_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "client_api_secrets" ADD CONSTRAINT "client_api_secrets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_rights" ADD CONSTRAINT "role_rights_role_code_roles_role_code_fk" FOREIGN KEY ("role_code") REFERENCES "public"."roles"("role_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_rights" ADD CONSTRAINT "role_rights_right_code_rights_right_code_fk" FOREIGN KEY ("right_code") REFERENCES "public"."rights"("right_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_tasks_client_status_idx" ON "approval_tasks" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_tasks_client_maker_idx" ON "approval_tasks" USING btree ("client_id","maker_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_api_secrets_hash_key" ON "client_api_secrets" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_providers_id_key" ON "identity_providers" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_requests_id_key" ON "sso_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sso_requests_created_idx" ON "sso_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "role_rights_right_idx" ON "role_rights" USING btree ("right_code");--> statement-breakpoint
CREATE INDEX "audit_logs_client_time_idx" ON "audit_logs" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_client_entity_idx" ON "audit_logs" USING btree ("client_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_time_idx" ON "mail_outbox" USING btree ("created_at");