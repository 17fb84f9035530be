CREATE TABLE "photo_notice_acknowledgements" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kiosk_id" integer,
	"acknowledged_utc" timestamp with time zone NOT NULL,
	"received_utc" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_notice_acknowledgements" ADD CONSTRAINT "photo_notice_acknowledgements_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_notice_acknowledgements" ADD CONSTRAINT "photo_notice_acknowledgements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_notice_acknowledgements" ADD CONSTRAINT "photo_notice_acknowledgements_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_notice_acknowledgements_business_idx" ON "photo_notice_acknowledgements" USING btree ("business_id");