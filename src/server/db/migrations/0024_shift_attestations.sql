CREATE TABLE "shift_attestations" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"punch_key" text NOT NULL,
	"shift_id" integer,
	"timesheet_line_id" integer,
	"clock_off_utc" timestamp with time zone NOT NULL,
	"answers" jsonb NOT NULL,
	"reports_missed_break" boolean NOT NULL,
	"received_utc" timestamp with time zone NOT NULL,
	"principal" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_attestations" ADD CONSTRAINT "shift_attestations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attestations" ADD CONSTRAINT "shift_attestations_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attestations" ADD CONSTRAINT "shift_attestations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attestations" ADD CONSTRAINT "shift_attestations_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attestations" ADD CONSTRAINT "shift_attestations_timesheet_line_id_timesheet_lines_id_fk" FOREIGN KEY ("timesheet_line_id") REFERENCES "public"."timesheet_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_attestations_punch_key" ON "shift_attestations" USING btree ("business_id","kiosk_id","punch_key");--> statement-breakpoint
CREATE INDEX "shift_attestations_business_idx" ON "shift_attestations" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "shift_attestations_line_idx" ON "shift_attestations" USING btree ("timesheet_line_id");--> statement-breakpoint
CREATE INDEX "shift_attestations_shift_idx" ON "shift_attestations" USING btree ("shift_id");