CREATE TABLE "photo_deletions" (
	"run_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"cutoff_utc" timestamp with time zone NOT NULL,
	"photos_deleted" integer NOT NULL,
	CONSTRAINT "photo_deletions_run_id_business_id_pk" PRIMARY KEY("run_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "photo_retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_utc" timestamp with time zone NOT NULL,
	"photos_deleted" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_deletions" ADD CONSTRAINT "photo_deletions_run_id_photo_retention_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."photo_retention_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_deletions" ADD CONSTRAINT "photo_deletions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_retention_runs_ran_idx" ON "photo_retention_runs" USING btree ("ran_utc");--> statement-breakpoint
CREATE INDEX "punch_photos_business_created_idx" ON "punch_photos" USING btree ("business_id","created_at");