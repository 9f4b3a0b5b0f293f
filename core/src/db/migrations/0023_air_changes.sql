-- Measured air changes (issue 25): what a room's sensor shows of its purifiers' work.
-- The mode each purifier reported, from when (a row per change), so a decay of particles is
-- matched with the mode that ran during it.
CREATE TABLE "purifier_mode_history" (
	"purifier_id" text NOT NULL REFERENCES "purifiers"("id") ON DELETE CASCADE,
	"at" timestamp (3) with time zone NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "purifier_mode_history_pkey" PRIMARY KEY ("purifier_id", "at"),
	CONSTRAINT "purifier_mode_history_mode_check" CHECK ("mode" IN ('off', 'silence', 'auto', 'boost'))
);
--> statement-breakpoint
-- The consumable levels each purifier reported, the last of each day (its time zone is not
-- needed: a day of UTC is fine for a pace measured over weeks), for the replacement forecast.
CREATE TABLE "purifier_level_history" (
	"purifier_id" text NOT NULL REFERENCES "purifiers"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"levels" jsonb NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "purifier_level_history_pkey" PRIMARY KEY ("purifier_id", "day")
);
--> statement-breakpoint
-- Decay episodes found in a room sensor's samples (PM2.5: filtration; CO2: ventilation), kept
-- or discarded with the reason. One row per episode: the worker examines each hour once.
CREATE TABLE "decay_episodes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sensor_id" text NOT NULL REFERENCES "sensors"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL,
	"mode" text,
	"peak" real NOT NULL,
	"background" real NOT NULL,
	"rate" double precision,
	"r2" double precision,
	"samples" integer NOT NULL,
	"kept" boolean NOT NULL,
	"reason" text,
	"fit_from" timestamp (3) with time zone,
	"fit_to" timestamp (3) with time zone,
	"found_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decay_episodes_kind_check" CHECK ("kind" IN ('pm25', 'co2')),
	CONSTRAINT "decay_episodes_mode_check" CHECK ("mode" IS NULL OR "mode" IN ('off', 'silence', 'auto', 'boost')),
	CONSTRAINT "decay_episodes_reason_check" CHECK (("kept" AND "reason" IS NULL) OR (NOT "kept" AND "reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "decay_episodes_sensor_start_key" ON "decay_episodes" USING btree ("sensor_id", "kind", "start_at");--> statement-breakpoint
CREATE INDEX "decay_episodes_sensor_end_idx" ON "decay_episodes" USING btree ("sensor_id", "end_at" DESC);--> statement-breakpoint
-- How far each sensor's samples were examined (an hour boundary): the next run starts there.
CREATE TABLE "air_change_progress" (
	"sensor_id" text PRIMARY KEY NOT NULL REFERENCES "sensors"("id") ON DELETE CASCADE,
	"examined_until" timestamp (3) with time zone NOT NULL,
	"outdoor_co2" real,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each purifier's verdict in auto (its TRH), kept by the worker after each examination: the
-- fleet's and the overview's counts read it, and `below_since` says how long it has been under.
CREATE TABLE "purifier_air_verdicts" (
	"purifier_id" text PRIMARY KEY NOT NULL REFERENCES "purifiers"("id") ON DELETE CASCADE,
	"verdict" text NOT NULL,
	"ach" real,
	"target_ach" integer NOT NULL,
	"below_since" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purifier_air_verdicts_verdict_check" CHECK ("verdict" IN ('meets', 'below', 'not_enough_data'))
);
--> statement-breakpoint
CREATE INDEX "purifier_air_verdicts_below_idx" ON "purifier_air_verdicts" USING btree ("below_since") WHERE "verdict" = 'below';--> statement-breakpoint
-- The pace each consumable wears at (points of life per day, from the daily levels), kept by
-- the worker: the "maintenance due soon" notice compares it with each user's chosen days.
CREATE TABLE "purifier_wear_paces" (
	"purifier_id" text NOT NULL REFERENCES "purifiers"("id") ON DELETE CASCADE,
	"level" text NOT NULL,
	"pace_per_day" real NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purifier_wear_paces_pkey" PRIMARY KEY ("purifier_id", "level")
);
--> statement-breakpoint
-- The usual number of people in the room (for litres per second per person), null: not given.
ALTER TABLE "purifiers" ADD COLUMN "occupants" integer;--> statement-breakpoint
ALTER TABLE "purifiers" ADD CONSTRAINT "purifiers_occupants_check" CHECK ("occupants" IS NULL OR "occupants" BETWEEN 1 AND 1000);
