CREATE TABLE "reporting_dimension_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"reporting_dimension_id" integer NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporting_dimensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reporting_dimension_values" ADD CONSTRAINT "reporting_dimension_values_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_dimension_values" ADD CONSTRAINT "reporting_dimension_values_reporting_dimension_id_reporting_dimensions_id_fk" FOREIGN KEY ("reporting_dimension_id") REFERENCES "public"."reporting_dimensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_dimensions" ADD CONSTRAINT "reporting_dimensions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reporting_dimension_values_business_idx" ON "reporting_dimension_values" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "reporting_dimensions_business_idx" ON "reporting_dimensions" USING btree ("business_id","id");