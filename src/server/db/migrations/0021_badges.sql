CREATE TABLE "badge_failures" (
	"source" text PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"verifier" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_badge_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_badge_settings_mode_check" CHECK ("business_badge_settings"."mode" IN ('pin', 'badge', 'badge-then-pin'))
);
--> statement-breakpoint
CREATE TABLE "kiosk_badge_settings" (
	"kiosk_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"mode" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kiosk_badge_settings_mode_check" CHECK ("kiosk_badge_settings"."mode" IS NULL OR "kiosk_badge_settings"."mode" IN ('pin', 'badge', 'badge-then-pin'))
);
--> statement-breakpoint
ALTER TABLE "badge_failures" ADD CONSTRAINT "badge_failures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_badge_settings" ADD CONSTRAINT "business_badge_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_badge_settings" ADD CONSTRAINT "kiosk_badge_settings_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_badge_settings" ADD CONSTRAINT "kiosk_badge_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_token_hash_key" ON "badges" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_in_use_key" ON "badges" USING btree ("employee_id") WHERE "badges"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "badges_business_idx" ON "badges" USING btree ("business_id","employee_id");