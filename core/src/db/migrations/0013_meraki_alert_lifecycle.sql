ALTER TABLE "network_events" ADD COLUMN "pair_key" text;--> statement-breakpoint
ALTER TABLE "network_events" ADD COLUMN "prior" jsonb;--> statement-breakpoint
ALTER TABLE "network_events" ADD COLUMN "start_event_id" text;--> statement-breakpoint
ALTER TABLE "network_events" ADD COLUMN "body_sha256" text;--> statement-breakpoint
ALTER TABLE "network_events" ADD CONSTRAINT "network_events_start_event_id_network_events_id_fk" FOREIGN KEY ("start_event_id") REFERENCES "public"."network_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_events_pair_idx" ON "network_events" USING btree ("purifier_id","pair_key");--> statement-breakpoint
CREATE UNIQUE INDEX "network_events_start_key" ON "network_events" USING btree ("start_event_id") WHERE start_event_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "network_events_refused_key" ON "network_events" USING btree ("purifier_id","body_sha256") WHERE body_sha256 IS NOT NULL;