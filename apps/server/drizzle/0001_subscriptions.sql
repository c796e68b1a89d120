CREATE TABLE "subscriptions" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"expired_at" bigint DEFAULT -1 NOT NULL,
	"chat_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;