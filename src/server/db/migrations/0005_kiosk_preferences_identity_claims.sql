CREATE TABLE "identity_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"punch_key" text NOT NULL,
	"punch_kind" text NOT NULL,
	"punch_id" integer,
	"shift_id" integer,
	"time_of_record_utc" timestamp with time zone NOT NULL,
	"received_utc" timestamp with time zone NOT NULL,
	"principal" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"resolved_utc" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "identity_claims_outcome_check" CHECK ("identity_claims"."outcome" IN ('verified', 'flagged')),
	CONSTRAINT "identity_claims_reason_check" CHECK ("identity_claims"."reason" IS NULL OR "identity_claims"."reason" IN ('wrong-pin', 'no-pin', 'pin-locked', 'pin-not-set', 'no-punch')),
	CONSTRAINT "identity_claims_status_check" CHECK ("identity_claims"."status" IN ('verified', 'pending', 'accepted', 'rejected')),
	CONSTRAINT "identity_claims_kind_check" CHECK ("identity_claims"."punch_kind" IN ('clockOn', 'startBreak', 'endBreak', 'clockOff'))
);
--> statement-breakpoint
CREATE TABLE "kiosk_preferences" (
	"kiosk_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"unverified_offline_punches" text NOT NULL,
	"sounds" boolean NOT NULL,
	"locale" text,
	"theme" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kiosk_preferences_unverified_check" CHECK ("kiosk_preferences"."unverified_offline_punches" IN ('off', 'flagged')),
	CONSTRAINT "kiosk_preferences_theme_check" CHECK ("kiosk_preferences"."theme" IN ('system', 'light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_punch_id_punches_id_fk" FOREIGN KEY ("punch_id") REFERENCES "public"."punches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_shift_id_clock_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clock_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_preferences" ADD CONSTRAINT "kiosk_preferences_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_preferences" ADD CONSTRAINT "kiosk_preferences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_claims_punch_key" ON "identity_claims" USING btree ("business_id","kiosk_id","punch_key");--> statement-breakpoint
CREATE INDEX "identity_claims_kiosk_status_idx" ON "identity_claims" USING btree ("kiosk_id","status","id");