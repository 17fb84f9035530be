CREATE TABLE "roster_shift_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"roster_shift_id" integer NOT NULL,
	"start_utc" timestamp with time zone NOT NULL,
	"end_utc" timestamp with time zone NOT NULL,
	"is_paid_break" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer,
	"location_id" integer,
	"work_type_id" integer,
	"role_id" integer,
	"role" jsonb,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"iana_time_zone" text NOT NULL,
	"start_utc" timestamp with time zone NOT NULL,
	"end_utc" timestamp with time zone NOT NULL,
	"notes" text,
	"token" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"date_published" timestamp with time zone,
	"accepted" boolean DEFAULT false NOT NULL,
	"biddable" boolean DEFAULT false NOT NULL,
	"shift_swap_cutoff_time" timestamp with time zone,
	"shift_assignment_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "roster_shifts_order_check" CHECK ("roster_shifts"."end_utc" > "roster_shifts"."start_utc")
);
--> statement-breakpoint
CREATE TABLE "shift_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"punch_key" text NOT NULL,
	"shift_id" integer,
	"timesheet_line_id" integer,
	"clock_off_utc" timestamp with time zone NOT NULL,
	"stated_finish_utc" timestamp with time zone NOT NULL,
	"suggested_by" text NOT NULL,
	"status" text NOT NULL,
	"received_utc" timestamp with time zone NOT NULL,
	"principal" text NOT NULL,
	"resolved_utc" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "shift_corrections_status_check" CHECK ("shift_corrections"."status" IN ('Pending', 'Accepted', 'Rejected')),
	CONSTRAINT "shift_corrections_suggested_check" CHECK ("shift_corrections"."suggested_by" IN ('roster', 'typed'))
);
--> statement-breakpoint
ALTER TABLE "clock_shifts" ADD COLUMN "roster_shift_id" integer;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "clock_shift_id" integer;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "roster_shift_id" integer;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_shift_breaks" ADD CONSTRAINT "roster_shift_breaks_roster_shift_id_roster_shifts_id_fk" FOREIGN KEY ("roster_shift_id") REFERENCES "public"."roster_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_shifts" ADD CONSTRAINT "roster_shifts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_shifts" ADD CONSTRAINT "roster_shifts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_timesheet_line_id_timesheet_lines_id_fk" FOREIGN KEY ("timesheet_line_id") REFERENCES "public"."timesheet_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_shift_breaks_shift_idx" ON "roster_shift_breaks" USING btree ("roster_shift_id","start_utc");--> statement-breakpoint
CREATE INDEX "roster_shifts_business_start_idx" ON "roster_shifts" USING btree ("business_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "roster_shifts_employee_start_idx" ON "roster_shifts" USING btree ("employee_id","start_utc","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_corrections_punch_key" ON "shift_corrections" USING btree ("business_id","kiosk_id","punch_key");--> statement-breakpoint
CREATE INDEX "shift_corrections_business_status_idx" ON "shift_corrections" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "shift_corrections_line_idx" ON "shift_corrections" USING btree ("timesheet_line_id");--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_clock_shift_id_clock_shifts_id_fk" FOREIGN KEY ("clock_shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_lines_external_idx" ON "timesheet_lines" USING btree ("business_id","external_id") WHERE external_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_status_check" CHECK ("timesheet_lines"."status" IN ('Submitted', 'Approved', 'Rejected', 'Processed'));--> statement-breakpoint
UPDATE "timesheet_lines" AS l SET "clock_shift_id" = s."id" FROM "clock_shifts" AS s WHERE s."timesheet_line_id" = l."id";
