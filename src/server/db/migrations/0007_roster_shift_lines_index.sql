CREATE INDEX "timesheet_lines_roster_shift_idx" ON "timesheet_lines" USING btree ("roster_shift_id") WHERE roster_shift_id IS NOT NULL;
