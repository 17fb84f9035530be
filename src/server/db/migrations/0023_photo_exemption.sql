ALTER TABLE "employees" ADD COLUMN "photo_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "punches" ADD COLUMN "photo_exempt" boolean DEFAULT false NOT NULL;