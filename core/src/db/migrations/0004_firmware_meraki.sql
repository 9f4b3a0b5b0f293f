CREATE TABLE "firmwares" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"original_file_name" text NOT NULL,
	"stored_file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_events" (
	"id" text PRIMARY KEY NOT NULL,
	"purifier_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"occurred_at" timestamp with time zone,
	"alert_id" text,
	"alert_type" text DEFAULT 'unknown' NOT NULL,
	"mode" text DEFAULT 'unknown' NOT NULL,
	"error" text,
	"desired_version" integer,
	"raw" jsonb,
	CONSTRAINT "network_events_mode_check" CHECK ("network_events"."mode" IN ('auto', 'silent', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "purifier_meraki_secrets" (
	"purifier_id" text PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_events" ADD CONSTRAINT "network_events_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifier_meraki_secrets" ADD CONSTRAINT "purifier_meraki_secrets_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmwares_stored_file_name_key" ON "firmwares" USING btree ("stored_file_name");--> statement-breakpoint
CREATE INDEX "firmwares_created_idx" ON "firmwares" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "network_events_purifier_idx" ON "network_events" USING btree ("purifier_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_events_alert_key" ON "network_events" USING btree ("purifier_id","alert_id","mode") WHERE alert_id IS NOT NULL;