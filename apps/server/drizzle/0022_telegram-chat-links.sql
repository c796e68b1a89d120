CREATE TABLE "telegram_chat_links" (
	"client_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"chat_id" text NOT NULL,
	"linked_by" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_chat_links_client_id_phone_pk" PRIMARY KEY("client_id","phone")
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_link_codes_client_id_code_pk" PRIMARY KEY("client_id","code")
);
