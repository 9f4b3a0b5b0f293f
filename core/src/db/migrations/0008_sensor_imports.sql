CREATE TABLE "sensor_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"sensor_id" text NOT NULL,
	"user_id" text,
	"file_name" text NOT NULL,
	"stored_file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"line_reached" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_stored" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sensor_imports_state_check" CHECK ("sensor_imports"."state" IN ('pending', 'running', 'completed', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sensor_measures" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD CONSTRAINT "sensor_imports_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD CONSTRAINT "sensor_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_imports_sensor_idx" ON "sensor_imports" USING btree ("sensor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_imports_one_running_key" ON "sensor_imports" USING btree ("sensor_id") WHERE state IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "sensor_measures_import_idx" ON "sensor_measures" USING btree ("import_id") WHERE import_id IS NOT NULL;