ALTER TABLE "purifiers" ADD COLUMN "device_secret_hash" text;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "device_secret_next_sealed" text;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "device_secret_next_hash" text;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "device_secret_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "schedule_set_by" text;--> statement-breakpoint
ALTER TABLE "sensor_purifiers" ADD COLUMN "linked_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_token_hint" text;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_schedule_set_by_users_id_fk" FOREIGN KEY ("schedule_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_purifiers" ADD CONSTRAINT "sensor_purifiers_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_created_by_idx" ON "alert_rules" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "purifiers_schedule_set_by_idx" ON "purifiers" USING btree ("schedule_set_by") WHERE schedule_set_by IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sensor_purifiers_linked_by_idx" ON "sensor_purifiers" USING btree ("linked_by");--> statement-breakpoint
-- The API token is shown once (docs/security.md): no readable copy is kept, only its hash and hint.
ALTER TABLE "users" DROP COLUMN "api_token_encrypted";--> statement-breakpoint
-- Links made before authors were recorded: the sensor's owner made them (or could have).
UPDATE "sensor_purifiers" sp SET "linked_by" = s."user_id" FROM "sensors" s WHERE s."id" = sp."sensor_id";--> statement-breakpoint
-- Schedules set before authors were recorded: take the purifier's owner as their author.
UPDATE "purifiers" SET "schedule_set_by" = "user_id" WHERE jsonb_typeof("desired" -> 'schedule') = 'object';--> statement-breakpoint
-- Accounts disabled after they were in use keep no activation link that could enable them again.
UPDATE "validation_codes" vc SET "used_at" = now()
  FROM "users" u
 WHERE u."id" = vc."user_id" AND NOT u."enabled" AND vc."used_at" IS NULL
   AND EXISTS (SELECT 1 FROM "refresh_tokens" rt WHERE rt."user_id" = u."id");
