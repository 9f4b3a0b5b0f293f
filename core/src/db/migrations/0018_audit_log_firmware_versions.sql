-- Firmware versions and models (issue 21). A file stored before this migration gets the first
-- dotted number of its name or file name as its version (`Purifier 2.4.1`, `fw-2.4.bin`), else
-- 0.0.0, and every purifier model: nothing restricted it until now.
ALTER TABLE "firmwares" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "models" text[];--> statement-breakpoint
UPDATE "firmwares" SET
	"version" = COALESCE(
		substring("name" from '[0-9]{1,6}(?:\.[0-9]{1,6}){1,3}'),
		substring("original_file_name" from '[0-9]{1,6}(?:\.[0-9]{1,6}){1,3}'),
		'0.0.0'
	),
	"models" = ARRAY['HEPA_BULLE_WHITE', 'HEPA_BULLE_BLACK', 'HEPA_DOME_WHITE', 'HEPA_DOME_BLACK', 'HEPA_COCOON', 'HEPA_COCOON_SYMPHONIE']::text[];--> statement-breakpoint
ALTER TABLE "firmwares" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "firmwares" ALTER COLUMN "models" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_models_check" CHECK (cardinality("firmwares"."models") > 0);--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text DEFAULT '' NOT NULL,
	"change" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" ~ '^[a-z_]+$')
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
-- Append-only: whatever the role or the code path, an entry cannot be changed or removed.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log entries cannot be changed or deleted'
		USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
