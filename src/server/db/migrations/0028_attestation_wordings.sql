CREATE TABLE "attestation_wordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"question" text NOT NULL,
	"version" integer NOT NULL,
	"based_on" integer NOT NULL,
	"text" text NOT NULL,
	"answers" jsonb NOT NULL,
	"principal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attestation_wordings" ADD CONSTRAINT "attestation_wordings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_wordings_version" ON "attestation_wordings" USING btree ("business_id","question","version");