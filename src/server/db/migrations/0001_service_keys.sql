CREATE TABLE "service_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"public_key_spki" text NOT NULL,
	"private_key_pkcs8" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
