CREATE TABLE "punch_journal" (
	"business_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"punch_id" integer NOT NULL,
	"payload" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punch_journal_business_id_seq_pk" PRIMARY KEY("business_id","seq")
);
--> statement-breakpoint
CREATE TABLE "punch_journal_heads" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punch_journal_origin" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_punch_id_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punch_journal" ADD CONSTRAINT "punch_journal_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_journal_heads" ADD CONSTRAINT "punch_journal_heads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "punch_journal_origin" ("id", "last_punch_id_before") SELECT 1, coalesce(max("id"), 0) FROM "punches";
