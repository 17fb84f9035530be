CREATE TABLE "line_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"timesheet_line_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_by" text NOT NULL,
	"changed_utc" timestamp with time zone NOT NULL,
	"acknowledged_utc" timestamp with time zone,
	CONSTRAINT "line_changes_action_check" CHECK ("line_changes"."action" IN ('Added', 'Changed', 'Deleted'))
);
--> statement-breakpoint
CREATE TABLE "line_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kiosk_id" integer,
	"dispute_key" text NOT NULL,
	"timesheet_line_id" integer,
	"line_change_id" integer,
	"line" jsonb,
	"note" text NOT NULL,
	"status" text NOT NULL,
	"raised_utc" timestamp with time zone NOT NULL,
	"received_utc" timestamp with time zone NOT NULL,
	"principal" text NOT NULL,
	"reply" text,
	"resolved_utc" timestamp with time zone,
	"resolved_by" text,
	"reply_seen_utc" timestamp with time zone,
	CONSTRAINT "line_disputes_status_check" CHECK ("line_disputes"."status" IN ('Open', 'Resolved')),
	CONSTRAINT "line_disputes_reply_check" CHECK ("line_disputes"."status" = 'Open' OR "line_disputes"."reply" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "line_changes" ADD CONSTRAINT "line_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_changes" ADD CONSTRAINT "line_changes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_timesheet_line_id_timesheet_lines_id_fk" FOREIGN KEY ("timesheet_line_id") REFERENCES "public"."timesheet_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_line_change_id_line_changes_id_fk" FOREIGN KEY ("line_change_id") REFERENCES "public"."line_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_changes_employee_idx" ON "line_changes" USING btree ("employee_id","changed_utc");--> statement-breakpoint
CREATE INDEX "line_changes_line_idx" ON "line_changes" USING btree ("timesheet_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_disputes_key" ON "line_disputes" USING btree ("business_id","dispute_key");--> statement-breakpoint
CREATE INDEX "line_disputes_business_status_idx" ON "line_disputes" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "line_disputes_employee_idx" ON "line_disputes" USING btree ("employee_id","id");