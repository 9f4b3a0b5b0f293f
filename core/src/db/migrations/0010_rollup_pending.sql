CREATE TABLE "sensor_rollup_pending" (
	"batch_id" bigint PRIMARY KEY NOT NULL,
	"sensor_ids" text[] NOT NULL,
	"from_ts" timestamp with time zone NOT NULL,
	"to_ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
