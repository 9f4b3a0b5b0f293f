ALTER TABLE "sensor_imports" DROP CONSTRAINT "sensor_imports_state_check";--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD COLUMN "columns" jsonb;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_imports" ADD CONSTRAINT "sensor_imports_state_check" CHECK ("sensor_imports"."state" IN ('pending', 'running', 'completed', 'cancelled', 'failed', 'reverted'));