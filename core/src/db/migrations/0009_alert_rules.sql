CREATE TABLE "alert_rule_progress" (
	"sensor_id" text PRIMARY KEY NOT NULL,
	"evaluated_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rule_states" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"above_since" timestamp with time zone,
	"below_since" timestamp with time zone,
	"active_from" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"sensor_id" text NOT NULL,
	"measure" text NOT NULL,
	"threshold" double precision NOT NULL,
	"hysteresis" double precision DEFAULT 0 NOT NULL,
	"mode" text NOT NULL,
	"confirm_s" integer DEFAULT 60 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_mode_check" CHECK ("alert_rules"."mode" IN ('off', 'silence', 'auto', 'boost')),
	CONSTRAINT "alert_rules_confirm_check" CHECK ("alert_rules"."confirm_s" >= 0),
	CONSTRAINT "alert_rules_hysteresis_check" CHECK ("alert_rules"."hysteresis" >= 0),
	CONSTRAINT "alert_rules_iso_check" CHECK ("alert_rules"."measure" <> 'iso' OR ("alert_rules"."threshold" >= 5 AND "alert_rules"."threshold" <= 9))
);
--> statement-breakpoint
CREATE TABLE "alert_triggers" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_id" text,
	"sensor_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"measure" text NOT NULL,
	"value" double precision,
	"threshold" double precision NOT NULL,
	"mode" text NOT NULL,
	"purifier_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_triggers_kind_check" CHECK ("alert_triggers"."kind" IN ('trigger', 'stop'))
);
--> statement-breakpoint
ALTER TABLE "alert_rule_progress" ADD CONSTRAINT "alert_rule_progress_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_states" ADD CONSTRAINT "alert_rule_states_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD CONSTRAINT "alert_triggers_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD CONSTRAINT "alert_triggers_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_sensor_idx" ON "alert_rules" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "alert_triggers_sensor_idx" ON "alert_triggers" USING btree ("sensor_id","at","id");