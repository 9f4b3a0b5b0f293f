CREATE TABLE "maintenance_events" (
	"id" text PRIMARY KEY NOT NULL,
	"purifier_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_events_type_check" CHECK ("maintenance_events"."type" IN ('filters', 'prefilters', 'module_1', 'module_2', 'module_3', 'module_4'))
);
--> statement-breakpoint
CREATE TABLE "product_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"serial_number" text NOT NULL,
	"model" text NOT NULL,
	"state" text DEFAULT 'generated' NOT NULL,
	"user_id" text,
	"purifier_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	CONSTRAINT "product_keys_state_check" CHECK ("product_keys"."state" IN ('generated', 'exported', 'activated', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "purifiers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"product_key_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"system_date" date,
	"hourly_recycling_rate" integer DEFAULT 5 NOT NULL,
	"silent_hourly_recycling_rate" integer DEFAULT 5 NOT NULL,
	"piece_volume" double precision,
	"count_piece_connected_object" integer DEFAULT 1 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"desired" jsonb NOT NULL,
	"reported" jsonb,
	"state" text DEFAULT 'operational' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"reporting_interval_s" integer DEFAULT 60 NOT NULL,
	"maintenance_levels" jsonb NOT NULL,
	"last_schedule_slot_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purifiers_short_name_check" CHECK (char_length("purifiers"."short_name") <= 20),
	CONSTRAINT "purifiers_trh_check" CHECK ("purifiers"."hourly_recycling_rate" IN (5, 10, 15)),
	CONSTRAINT "purifiers_silent_trh_check" CHECK ("purifiers"."silent_hourly_recycling_rate" IN (5, 10, 15)),
	CONSTRAINT "purifiers_piece_volume_check" CHECK ("purifiers"."piece_volume" >= 1),
	CONSTRAINT "purifiers_count_check" CHECK ("purifiers"."count_piece_connected_object" >= 1),
	CONSTRAINT "purifiers_state_check" CHECK ("purifiers"."state" IN ('operational', 'warning', 'alert')),
	CONSTRAINT "purifiers_reporting_interval_check" CHECK ("purifiers"."reporting_interval_s" >= 1)
);
--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_keys" ADD CONSTRAINT "product_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_keys" ADD CONSTRAINT "product_keys_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_product_key_id_product_keys_id_fk" FOREIGN KEY ("product_key_id") REFERENCES "public"."product_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_events_purifier_idx" ON "maintenance_events" USING btree ("purifier_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_keys_key_key" ON "product_keys" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "product_keys_serial_number_key" ON "product_keys" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "product_keys_state_idx" ON "product_keys" USING btree ("state");--> statement-breakpoint
CREATE INDEX "product_keys_model_idx" ON "product_keys" USING btree ("model");--> statement-breakpoint
CREATE INDEX "product_keys_user_idx" ON "product_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_product_key_key" ON "purifiers" USING btree ("product_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purifiers_serial_number_key" ON "purifiers" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "purifiers_user_idx" ON "purifiers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purifiers_scheduled_idx" ON "purifiers" USING btree ("id") WHERE jsonb_typeof(desired -> 'schedule') = 'object' AND user_id IS NOT NULL;