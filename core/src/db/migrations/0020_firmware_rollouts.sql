-- Firmware rollouts (issue 21): a firmware written into the desired state of a model's purifiers
-- in stages. The rollout keeps a copy of the firmware it sends (name, version, URL, hash, size):
-- its history stays readable after the file is deleted (deletion is refused while it runs).
CREATE TABLE "firmware_rollouts" (
	"id" text PRIMARY KEY NOT NULL,
	"firmware_id" text REFERENCES "firmwares"("id") ON DELETE SET NULL,
	"firmware_name" text NOT NULL,
	"firmware_version" text NOT NULL,
	"firmware_url" text NOT NULL,
	"firmware_sha256" text NOT NULL,
	"firmware_size" bigint NOT NULL,
	"model" text NOT NULL,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"paused_reason" text,
	"canary_percent" integer NOT NULL,
	"success_threshold" integer NOT NULL,
	"max_failure_rate" integer NOT NULL,
	"timeout_minutes" integer NOT NULL,
	"wave_size" integer NOT NULL,
	"failures_at_resume" integer DEFAULT 0 NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "firmware_rollouts_target_check" CHECK ("target" IN ('chosen', 'outdated')),
	CONSTRAINT "firmware_rollouts_status_check" CHECK ("status" IN ('canary', 'rolling', 'paused', 'completed', 'aborted')),
	CONSTRAINT "firmware_rollouts_stage_check" CHECK ("stage" IN ('canary', 'rest')),
	CONSTRAINT "firmware_rollouts_paused_reason_check" CHECK ("paused_reason" IS NULL OR "paused_reason" IN ('manual', 'failure_rate', 'canary_below_threshold')),
	CONSTRAINT "firmware_rollouts_percent_check" CHECK ("canary_percent" BETWEEN 1 AND 100 AND "success_threshold" BETWEEN 1 AND 100 AND "max_failure_rate" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX "firmware_rollouts_created_idx" ON "firmware_rollouts" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "firmware_rollouts_active_idx" ON "firmware_rollouts" USING btree ("created_at") WHERE "status" IN ('canary', 'rolling', 'paused');--> statement-breakpoint
CREATE INDEX "firmware_rollouts_firmware_idx" ON "firmware_rollouts" USING btree ("firmware_id");--> statement-breakpoint
CREATE TABLE "firmware_rollout_devices" (
	"rollout_id" text NOT NULL REFERENCES "firmware_rollouts"("id") ON DELETE CASCADE,
	"purifier_id" text NOT NULL REFERENCES "purifiers"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"stage" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"phase" text,
	"reason" text,
	"from_version" text,
	"sent_at" timestamp (3) with time zone,
	"deadline_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "firmware_rollout_devices_pkey" PRIMARY KEY ("rollout_id", "purifier_id"),
	CONSTRAINT "firmware_rollout_devices_stage_check" CHECK ("stage" IN ('canary', 'rest')),
	CONSTRAINT "firmware_rollout_devices_status_check" CHECK ("status" IN ('pending', 'in_progress', 'succeeded', 'failed', 'timed_out', 'cancelled')),
	CONSTRAINT "firmware_rollout_devices_phase_check" CHECK ("phase" IS NULL OR "phase" IN ('sent', 'downloading', 'installing'))
);
--> statement-breakpoint
-- A purifier is updated by one rollout at a time.
CREATE UNIQUE INDEX "firmware_rollout_devices_active_key" ON "firmware_rollout_devices" USING btree ("purifier_id") WHERE "status" IN ('pending', 'in_progress');--> statement-breakpoint
-- Progress counts and the next wave: index-only per rollout.
CREATE INDEX "firmware_rollout_devices_progress_idx" ON "firmware_rollout_devices" USING btree ("rollout_id", "stage", "status", "position");--> statement-breakpoint
-- A purifier's latest rollout (its settings tab).
CREATE INDEX "firmware_rollout_devices_purifier_idx" ON "firmware_rollout_devices" USING btree ("purifier_id");--> statement-breakpoint
-- The timeout sweep.
CREATE INDEX "firmware_rollout_devices_deadline_idx" ON "firmware_rollout_devices" USING btree ("deadline_at") WHERE "status" = 'in_progress';
