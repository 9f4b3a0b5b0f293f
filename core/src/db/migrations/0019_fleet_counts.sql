-- The fleet view's counts (issue 21), maintained by triggers rather than counted per request:
-- a device's change of a counted dimension appends +1/-1 rows to fleet_count_deltas (appends
-- never wait on each other), and the worker folds them into fleet_counts; a read sums both.
CREATE TABLE "fleet_counts" (
	"kind" text NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "fleet_counts_pk" PRIMARY KEY("kind","dim","value"),
	CONSTRAINT "fleet_counts_kind_check" CHECK ("fleet_counts"."kind" IN ('purifier', 'sensor'))
);
--> statement-breakpoint
CREATE TABLE "fleet_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
-- Rows come and go all day (appended, then folded away): vacuumed after every few thousand dead
-- ones, not after a fifth of the table, so a read never scans a bulk change's leftovers for long.
ALTER TABLE "fleet_count_deltas" SET (autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000, autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 5000);
--> statement-breakpoint
-- The lowest remaining life of a purifier's consumables, in percent (its maintenance is due
-- under MAINTENANCE_PERCENT_DEFAULT).
CREATE FUNCTION purifier_maintenance_min(levels jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT LEAST((levels->>'prefilter')::float8, (levels->>'filters')::float8,
               (levels->>'module_1')::float8, (levels->>'module_2')::float8,
               (levels->>'module_3')::float8, (levels->>'module_4')::float8)
$$;
--> statement-breakpoint
-- What the fleet view counts of one purifier, as dim=value pairs (shared/src/fleet.ts names them).
CREATE FUNCTION purifier_fleet_dims(wifi_state text, state text, model text, desired jsonb,
                                    reported jsonb, levels jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['all=all', 'wifi_state=' || wifi_state, 'state=' || state,
               'version=' || model || '|' || coalesce(reported->>'soft_version', '')]
         || CASE WHEN desired->'base' IS NOT NULL AND jsonb_typeof(desired->'base') = 'object'
                 THEN ARRAY['held=true'] ELSE ARRAY[]::text[] END
         || CASE WHEN purifier_maintenance_min(levels) < 10
                 THEN ARRAY['maintenance_due=true'] ELSE ARRAY[]::text[] END
$$;
--> statement-breakpoint
CREATE FUNCTION fleet_count_change(kind text, old_dims text[], new_dims text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO fleet_count_deltas (kind, dim, value, delta)
  SELECT kind, split_part(d, '=', 1), substr(d, strpos(d, '=') + 1), delta
    FROM (SELECT unnest(coalesce(old_dims, '{}')) AS d, -1 AS delta
          UNION ALL SELECT unnest(coalesce(new_dims, '{}')), 1) c
   GROUP BY d, delta
  HAVING NOT (delta = -1 AND d = ANY(coalesce(new_dims, '{}')))
     AND NOT (delta = 1 AND d = ANY(coalesce(old_dims, '{}')))
$$;
--> statement-breakpoint
CREATE FUNCTION purifiers_fleet_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_count_change('purifier',
    CASE WHEN TG_OP <> 'INSERT' THEN purifier_fleet_dims(OLD.wifi_state, OLD.state, OLD.model,
      OLD.desired, OLD.reported, OLD.maintenance_levels) END,
    CASE WHEN TG_OP <> 'DELETE' THEN purifier_fleet_dims(NEW.wifi_state, NEW.state, NEW.model,
      NEW.desired, NEW.reported, NEW.maintenance_levels) END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sensors_fleet_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_count_change('sensor',
    CASE WHEN TG_OP <> 'INSERT' THEN ARRAY['all=all', 'wifi_state=' || OLD.wifi_state] END,
    CASE WHEN TG_OP <> 'DELETE' THEN ARRAY['all=all', 'wifi_state=' || NEW.wifi_state] END);
  RETURN NULL;
END $$;
--> statement-breakpoint
LOCK TABLE "purifiers", "sensors" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER purifiers_fleet_count_insert_delete AFTER INSERT OR DELETE ON "purifiers"
  FOR EACH ROW EXECUTE FUNCTION purifiers_fleet_count();
--> statement-breakpoint
CREATE TRIGGER purifiers_fleet_count_update
  AFTER UPDATE OF wifi_state, state, model, desired, reported, maintenance_levels ON "purifiers"
  FOR EACH ROW
  WHEN (purifier_fleet_dims(OLD.wifi_state, OLD.state, OLD.model, OLD.desired, OLD.reported,
          OLD.maintenance_levels)
        IS DISTINCT FROM purifier_fleet_dims(NEW.wifi_state, NEW.state, NEW.model, NEW.desired,
          NEW.reported, NEW.maintenance_levels))
  EXECUTE FUNCTION purifiers_fleet_count();
--> statement-breakpoint
CREATE TRIGGER sensors_fleet_count_insert_delete AFTER INSERT OR DELETE ON "sensors"
  FOR EACH ROW EXECUTE FUNCTION sensors_fleet_count();
--> statement-breakpoint
CREATE TRIGGER sensors_fleet_count_update AFTER UPDATE OF wifi_state ON "sensors"
  FOR EACH ROW WHEN (OLD.wifi_state IS DISTINCT FROM NEW.wifi_state)
  EXECUTE FUNCTION sensors_fleet_count();
--> statement-breakpoint
INSERT INTO "fleet_counts" (kind, dim, value, n)
SELECT 'purifier', split_part(d, '=', 1), substr(d, strpos(d, '=') + 1), count(*)
  FROM "purifiers" p, unnest(purifier_fleet_dims(p.wifi_state, p.state, p.model, p.desired,
       p.reported, p.maintenance_levels)) d
 GROUP BY d;
--> statement-breakpoint
INSERT INTO "fleet_counts" (kind, dim, value, n)
SELECT 'sensor', split_part(d, '=', 1), substr(d, strpos(d, '=') + 1), count(*)
  FROM "sensors" s, unnest(ARRAY['all=all', 'wifi_state=' || s.wifi_state]) d
 GROUP BY d;
--> statement-breakpoint
-- The lists behind the counts: offline longest first, held, maintenance due, per version.
CREATE INDEX "purifiers_wifi_seen_idx" ON "purifiers" ("wifi_state", "last_seen_at");
--> statement-breakpoint
CREATE INDEX "sensors_wifi_seen_idx" ON "sensors" ("wifi_state", "last_seen_at");
--> statement-breakpoint
CREATE INDEX "purifiers_state_idx" ON "purifiers" ("state", "last_seen_at");
--> statement-breakpoint
CREATE INDEX "purifiers_held_idx" ON "purifiers" ("id")
  WHERE jsonb_typeof(desired->'base') = 'object';
--> statement-breakpoint
CREATE INDEX "purifiers_maintenance_min_idx" ON "purifiers" (purifier_maintenance_min(maintenance_levels));
--> statement-breakpoint
CREATE INDEX "purifiers_version_idx" ON "purifiers" ("model", (coalesce(reported->>'soft_version', '')));
