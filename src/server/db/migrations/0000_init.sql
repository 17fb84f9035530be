CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"label" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "business_access" (
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_type" text NOT NULL,
	"model" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_access_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_settings" (
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"model" jsonb NOT NULL,
	CONSTRAINT "business_settings_business_id_kind_pk" PRIMARY KEY("business_id","kind")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"iana_time_zone" text NOT NULL,
	"sms_notifications_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clock_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"location_id" integer,
	"work_type_id" integer,
	"classification_id" integer,
	"shift_condition_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"dimension_value_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"iana_time_zone" text NOT NULL,
	"start_utc" timestamp with time zone NOT NULL,
	"end_utc" timestamp with time zone,
	"status" text NOT NULL,
	"timesheet_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"enrolled_by_user_id" integer,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "employee_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"filter_combination_strategy" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"mobile_phone" text,
	"external_id" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"profile_image_url" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_kiosk_enabled" boolean DEFAULT false NOT NULL,
	"pin_hash" text,
	"pin_failed_attempts" integer DEFAULT 0 NOT NULL,
	"pin_locked_until" timestamp with time zone,
	"pin_expired" boolean DEFAULT false NOT NULL,
	"pin_reset_hash" text,
	"pin_reset_expires_at" timestamp with time zone,
	"attendance_status" text DEFAULT 'NotClockedOn' NOT NULL,
	"current_shift_id" integer,
	"clock_on_time_utc" timestamp with time zone,
	"break_start_time_utc" timestamp with time zone,
	"last_punch_time_utc" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"external_id" text,
	"location_id" integer,
	"name" text NOT NULL,
	"time_zone" text,
	"iana_time_zone" text NOT NULL,
	"allow_higher_classification_selection" boolean DEFAULT false NOT NULL,
	"branding" jsonb,
	"is_location_required" boolean DEFAULT false NOT NULL,
	"is_work_type_required" boolean DEFAULT false NOT NULL,
	"restrict_locations_for_employees" boolean DEFAULT false NOT NULL,
	"allow_employee_shift_selection" boolean,
	"clock_on_window_minutes" integer,
	"clock_off_window_minutes" integer,
	"is_photo_required" boolean,
	"can_add_employees" boolean DEFAULT false NOT NULL,
	"available_to_all_restricted_users_with_kiosk_access" boolean DEFAULT false NOT NULL,
	"paid_breaks_enabled" boolean DEFAULT false NOT NULL,
	"timesheet_dimensions_enabled" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"external_id" text,
	"external_accounting_location_id" text,
	"source" text,
	"is_global" boolean DEFAULT false NOT NULL,
	"is_rollup_reporting_location" boolean DEFAULT false NOT NULL,
	"general_ledger_mapping_code" text,
	"default_shift_condition_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_tokens_access_hash_unique" UNIQUE("access_hash"),
	CONSTRAINT "oauth_tokens_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punch_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punches" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"shift_id" integer,
	"kiosk_id" integer NOT NULL,
	"kind" text NOT NULL,
	"time_of_record_utc" timestamp with time zone NOT NULL,
	"recorded_time_utc" timestamp with time zone,
	"received_utc" timestamp with time zone NOT NULL,
	"utc_offset" text,
	"latitude" numeric,
	"longitude" numeric,
	"ip_address" text,
	"is_admin_initiated" boolean DEFAULT false NOT NULL,
	"photo_id" integer,
	"principal" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"start_utc" timestamp with time zone NOT NULL,
	"end_utc" timestamp with time zone,
	"is_paid_break" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"type" text NOT NULL,
	"visibility" text NOT NULL,
	"note" text NOT NULL,
	"created_by_admin" boolean DEFAULT false NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"start_utc" timestamp with time zone,
	"end_utc" timestamp with time zone,
	"iana_time_zone" text NOT NULL,
	"units" numeric,
	"work_type_id" integer,
	"location_id" integer,
	"comments" text,
	"hidden_comments" text,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"rate" numeric,
	"leave_category_id" integer,
	"pay_category_id" integer,
	"leave_request_id" integer,
	"external_id" text,
	"source" text NOT NULL,
	"shift_condition_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"dimension_value_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"submitted_by_user" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"pay_category_id" integer,
	"leave_category_id" integer,
	"external_id" text,
	"source" text,
	"accrues_leave" boolean DEFAULT false NOT NULL,
	"mapping_type" text,
	"short_code" text,
	"employment_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_access" ADD CONSTRAINT "business_access_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_access" ADD CONSTRAINT "business_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_shifts" ADD CONSTRAINT "clock_shifts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_shifts" ADD CONSTRAINT "clock_shifts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_shifts" ADD CONSTRAINT "clock_shifts_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_enrolled_by_user_id_users_id_fk" FOREIGN KEY ("enrolled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_groups" ADD CONSTRAINT "employee_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_photos" ADD CONSTRAINT "punch_photos_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_breaks" ADD CONSTRAINT "shift_breaks_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clock_shifts_business_start_idx" ON "clock_shifts" USING btree ("business_id","start_utc");--> statement-breakpoint
CREATE INDEX "clock_shifts_employee_idx" ON "clock_shifts" USING btree ("employee_id","start_utc");--> statement-breakpoint
CREATE INDEX "devices_kiosk_idx" ON "devices" USING btree ("kiosk_id");--> statement-breakpoint
CREATE INDEX "employee_groups_business_idx" ON "employee_groups" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "employees_business_idx" ON "employees" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "kiosks_business_idx" ON "kiosks" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "locations_business_idx" ON "locations" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox" USING btree ("channel","created_at","id") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "punches_employee_idx" ON "punches" USING btree ("employee_id","time_of_record_utc");--> statement-breakpoint
CREATE INDEX "shift_breaks_shift_idx" ON "shift_breaks" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_notes_shift_idx" ON "shift_notes" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "timesheet_lines_business_idx" ON "timesheet_lines" USING btree ("business_id","start_utc");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "work_types_business_idx" ON "work_types" USING btree ("business_id");