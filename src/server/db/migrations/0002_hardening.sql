CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pin_failure_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"reporter" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_lockouts" (
	"address_digest" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "clock_shifts_business_start_idx";--> statement-breakpoint
DROP INDEX "clock_shifts_employee_idx";--> statement-breakpoint
DROP INDEX "employees_business_idx";--> statement-breakpoint
DROP INDEX "punches_employee_idx";--> statement-breakpoint
DROP INDEX "shift_notes_shift_idx";--> statement-breakpoint
DROP INDEX "timesheet_lines_business_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "offline_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "model" jsonb;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_failure_reports" ADD CONSTRAINT "pin_failure_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_failure_reports" ADD CONSTRAINT "pin_failure_reports_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pin_failure_reports_attempt_key" ON "pin_failure_reports" USING btree ("employee_id","attempted_at");--> statement-breakpoint
CREATE INDEX "pin_failure_reports_reporter_idx" ON "pin_failure_reports" USING btree ("reporter","attempted_at");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_access_user_idx" ON "business_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clock_shifts_kiosk_start_idx" ON "clock_shifts" USING btree ("kiosk_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "clock_shifts_open_idx" ON "clock_shifts" USING btree ("business_id","start_utc") WHERE end_utc IS NULL;--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_business_idx" ON "invitations" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "punches_business_time_idx" ON "punches" USING btree ("business_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "punches_kiosk_time_idx" ON "punches" USING btree ("kiosk_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "timesheet_lines_employee_idx" ON "timesheet_lines" USING btree ("employee_id","start_utc" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "clock_shifts_business_start_idx" ON "clock_shifts" USING btree ("business_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "clock_shifts_employee_idx" ON "clock_shifts" USING btree ("employee_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "employees_business_idx" ON "employees" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "punches_employee_idx" ON "punches" USING btree ("employee_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "shift_notes_shift_idx" ON "shift_notes" USING btree ("shift_id","created_at","id");--> statement-breakpoint
CREATE INDEX "timesheet_lines_business_idx" ON "timesheet_lines" USING btree ("business_id","start_utc" NULLS FIRST,"id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
-- Idempotency records written before keys were scoped to caller and operation carry unkeyed
-- SHA-256 fingerprints of their bodies (PINs among them); they can no longer be replayed, so go.
DELETE FROM "idempotency_keys" WHERE "scope" NOT LIKE '%|%';
