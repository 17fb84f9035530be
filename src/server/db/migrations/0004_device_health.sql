ALTER TABLE "devices" ADD COLUMN "health" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "health_received_at" timestamp with time zone;