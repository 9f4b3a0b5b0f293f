ALTER TABLE "sensors" ADD COLUMN "system_date" date;--> statement-breakpoint
-- Sensors provisioned before: their provisioning date in Europe/Paris.
UPDATE "sensors" SET "system_date" = ("created_at" AT TIME ZONE 'Europe/Paris')::date WHERE "system_date" IS NULL;
