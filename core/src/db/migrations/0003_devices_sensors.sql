CREATE TABLE "device_events" (
	"id" text PRIMARY KEY NOT NULL,
	"device_kind" text NOT NULL,
	"device_id" text NOT NULL,
	"type" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_events_kind_check" CHECK ("device_events"."device_kind" IN ('purifier', 'sensor')),
	CONSTRAINT "device_events_type_check" CHECK ("device_events"."type" IN ('wifi', 'state'))
);
--> statement-breakpoint
CREATE TABLE "sensor_measures" (
	"sensor_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"co2" real,
	"pm1" real,
	"pm25" real,
	"pm10" real,
	"temperature" real,
	"humidity" real,
	"formaldehyde" real,
	"tvoc" real,
	"pc03" real,
	"pc05" real,
	"pc1" real,
	"pc25" real,
	"pc5" real,
	"pc10" real,
	"iso" smallint,
	"batch_id" bigint,
	CONSTRAINT "sensor_measures_sensor_id_ts_pk" PRIMARY KEY("sensor_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "sensor_measures_hourly" (
	"sensor_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"co2_avg" double precision,
	"co2_min" real,
	"co2_max" real,
	"co2_n" integer DEFAULT 0 NOT NULL,
	"pm1_avg" double precision,
	"pm1_min" real,
	"pm1_max" real,
	"pm1_n" integer DEFAULT 0 NOT NULL,
	"pm25_avg" double precision,
	"pm25_min" real,
	"pm25_max" real,
	"pm25_n" integer DEFAULT 0 NOT NULL,
	"pm10_avg" double precision,
	"pm10_min" real,
	"pm10_max" real,
	"pm10_n" integer DEFAULT 0 NOT NULL,
	"temperature_avg" double precision,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_n" integer DEFAULT 0 NOT NULL,
	"humidity_avg" double precision,
	"humidity_min" real,
	"humidity_max" real,
	"humidity_n" integer DEFAULT 0 NOT NULL,
	"formaldehyde_avg" double precision,
	"formaldehyde_min" real,
	"formaldehyde_max" real,
	"formaldehyde_n" integer DEFAULT 0 NOT NULL,
	"tvoc_avg" double precision,
	"tvoc_min" real,
	"tvoc_max" real,
	"tvoc_n" integer DEFAULT 0 NOT NULL,
	"pc03_avg" double precision,
	"pc03_min" real,
	"pc03_max" real,
	"pc03_n" integer DEFAULT 0 NOT NULL,
	"pc05_avg" double precision,
	"pc05_min" real,
	"pc05_max" real,
	"pc05_n" integer DEFAULT 0 NOT NULL,
	"pc1_avg" double precision,
	"pc1_min" real,
	"pc1_max" real,
	"pc1_n" integer DEFAULT 0 NOT NULL,
	"pc25_avg" double precision,
	"pc25_min" real,
	"pc25_max" real,
	"pc25_n" integer DEFAULT 0 NOT NULL,
	"pc5_avg" double precision,
	"pc5_min" real,
	"pc5_max" real,
	"pc5_n" integer DEFAULT 0 NOT NULL,
	"pc10_avg" double precision,
	"pc10_min" real,
	"pc10_max" real,
	"pc10_n" integer DEFAULT 0 NOT NULL,
	"iso_max" smallint,
	CONSTRAINT "sensor_measures_hourly_sensor_id_hour_pk" PRIMARY KEY("sensor_id","hour")
);
--> statement-breakpoint
CREATE TABLE "sensor_purifiers" (
	"sensor_id" text NOT NULL,
	"purifier_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_purifiers_sensor_id_purifier_id_pk" PRIMARY KEY("sensor_id","purifier_id")
);
--> statement-breakpoint
CREATE TABLE "sensor_rollup_batches" (
	"batch_id" bigint PRIMARY KEY NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" text PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"device_secret_hash" text NOT NULL,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"reporting_interval_s" integer DEFAULT 60 NOT NULL,
	"wifi_state" text DEFAULT 'not_configured' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensors_short_name_check" CHECK (char_length("sensors"."short_name") <= 20),
	CONSTRAINT "sensors_reporting_interval_check" CHECK ("sensors"."reporting_interval_s" >= 1)
);
--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "desired_ack_version" integer;--> statement-breakpoint
ALTER TABLE "purifiers" ADD COLUMN "wifi_state" text DEFAULT 'not_configured' NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_purifiers" ADD CONSTRAINT "sensor_purifiers_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_purifiers" ADD CONSTRAINT "sensor_purifiers_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "sensor_purifiers_purifier_idx" ON "sensor_purifiers" USING btree ("purifier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_serial_number_key" ON "sensors" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "sensors_user_idx" ON "sensors" USING btree ("user_id");--> statement-breakpoint
-- Monthly partitions of sensor_measures (UTC months), created ahead by the server and worker at
-- start and by the worker's daily maintenance: `months` partitions from the month of `start`.
CREATE OR REPLACE FUNCTION ensure_sensor_measure_partitions(start timestamptz, months integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  first_month timestamp := date_trunc('month', start AT TIME ZONE 'UTC');
  lower_bound timestamp;
  part_name text;
  created integer := 0;
BEGIN
  FOR i IN 0 .. months - 1 LOOP
    lower_bound := first_month + make_interval(months => i);
    part_name := format('sensor_measures_y%sm%s', to_char(lower_bound, 'YYYY'), to_char(lower_bound, 'MM'));
    IF to_regclass(part_name) IS NULL THEN
      BEGIN
        EXECUTE format(
          'CREATE TABLE %I PARTITION OF sensor_measures FOR VALUES FROM (%L) TO (%L)',
          part_name,
          (lower_bound AT TIME ZONE 'UTC'),
          ((lower_bound + interval '1 month') AT TIME ZONE 'UTC'));
        created := created + 1;
      EXCEPTION WHEN duplicate_table THEN
        NULL; -- another process created it at the same time
      END;
    END IF;
  END LOOP;
  RETURN created;
END $$;--> statement-breakpoint
SELECT ensure_sensor_measure_partitions(now() - interval '1 month', 4);--> statement-breakpoint
-- A sensor drives at most 8 purifiers (spec section 9): checked under a lock of the sensor row.
CREATE OR REPLACE FUNCTION sensor_purifiers_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sensors WHERE id = NEW.sensor_id FOR UPDATE;
  IF (SELECT count(*) FROM sensor_purifiers WHERE sensor_id = NEW.sensor_id) >= 8 THEN
    RAISE EXCEPTION 'a sensor links at most 8 purifiers' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'sensor_purifiers_max_8';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sensor_purifiers_limit BEFORE INSERT ON sensor_purifiers
  FOR EACH ROW EXECUTE FUNCTION sensor_purifiers_limit();--> statement-breakpoint
CREATE SEQUENCE sensor_measures_batch_seq;
