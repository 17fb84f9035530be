CREATE TABLE "manager_pins" (
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "manager_pins_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD COLUMN "via_manager_pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "manager_pins" ADD CONSTRAINT "manager_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_pins" ADD CONSTRAINT "manager_pins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_pins_business_idx" ON "manager_pins" USING btree ("business_id");