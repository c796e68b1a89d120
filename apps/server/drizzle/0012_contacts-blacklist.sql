CREATE TABLE "contacts_blacklist" (
	"client_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_blacklist_client_id_phone_channel_pk" PRIMARY KEY("client_id","phone","channel")
);
