DROP INDEX "clock_shifts_business_start_idx";--> statement-breakpoint
DROP INDEX "clock_shifts_employee_idx";--> statement-breakpoint
DROP INDEX "employees_business_idx";--> statement-breakpoint
DROP INDEX "punches_employee_idx";--> statement-breakpoint
DROP INDEX "shift_notes_shift_idx";--> statement-breakpoint
DROP INDEX "timesheet_lines_business_idx";--> statement-breakpoint
CREATE INDEX "business_access_user_idx" ON "business_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clock_shifts_kiosk_start_idx" ON "clock_shifts" USING btree ("kiosk_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "clock_shifts_open_idx" ON "clock_shifts" USING btree ("business_id","start_utc") WHERE end_utc IS NULL;--> statement-breakpoint
CREATE INDEX "punches_business_time_idx" ON "punches" USING btree ("business_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "punches_kiosk_time_idx" ON "punches" USING btree ("kiosk_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "timesheet_lines_employee_idx" ON "timesheet_lines" USING btree ("employee_id","start_utc" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "clock_shifts_business_start_idx" ON "clock_shifts" USING btree ("business_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "clock_shifts_employee_idx" ON "clock_shifts" USING btree ("employee_id","start_utc","id");--> statement-breakpoint
CREATE INDEX "employees_business_idx" ON "employees" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "punches_employee_idx" ON "punches" USING btree ("employee_id","time_of_record_utc","id");--> statement-breakpoint
CREATE INDEX "shift_notes_shift_idx" ON "shift_notes" USING btree ("shift_id","created_at","id");--> statement-breakpoint
CREATE INDEX "timesheet_lines_business_idx" ON "timesheet_lines" USING btree ("business_id","start_utc" NULLS FIRST,"id");