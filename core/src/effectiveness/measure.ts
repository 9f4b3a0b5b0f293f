import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { decayEpisodes } from '../db/schema/index.ts';
import {
  EPISODE_LOOKBACK_MS,
  findCo2Episodes,
  findPm25Episodes,
  outdoorCo2,
  type DecayEpisode,
  type Sample,
} from './index.ts';
import { roomModeTimeline } from './history.ts';
import { refreshVerdicts } from './report.ts';

/**
 * The worker's side of the measured air changes (docs/effectiveness.md): each sensor linked to
 * a purifier has its samples examined an hour at a time, once: the decay episodes that end in
 * the new hours are stored (kept or discarded with the reason) and the sensor's progress moves
 * to the last whole hour, in one transaction, so a crash or a second worker never counts an
 * episode twice (the unique key on the episode's start absorbs a repeat).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Samples can arrive a little late (retries, clock skew): an hour is examined 5 min after it ends. */
export const SETTLE_MS = 5 * 60_000;
/** A sensor newly linked has this much of its past examined (the raw samples still kept). */
export const FIRST_LOOK_BACK_MS = 35 * DAY;
/** The hours examined in one step of a sensor (bounded memory: about a day of minute samples). */
const STEP_MS = DAY;
/** Nights the outdoor CO2 level is read from (the room's own lowest hours). */
const OUTDOOR_NIGHTS_MS = 7 * DAY;

/** The last whole hour that may be examined at `now`. */
export function examinableUntil(now: Date): Date {
  const t = now.getTime() - SETTLE_MS;
  return new Date(t - (t % HOUR));
}

/** Sensors linked to a purifier whose examination lags behind `until`, oldest progress first. */
async function dueSensors(db: Database, until: Date, limit: number) {
  const { rows } = await db.execute<{
    sensor_id: string;
    examined_until: string | null;
    timezone: string;
  }>(sql`
    SELECT s.id AS sensor_id, p.examined_until, s.timezone
      FROM sensors s
      LEFT JOIN air_change_progress p ON p.sensor_id = s.id
     WHERE EXISTS (SELECT 1 FROM sensor_purifiers sp WHERE sp.sensor_id = s.id)
       AND (p.examined_until IS NULL OR p.examined_until < ${until.toISOString()}::timestamptz)
     ORDER BY p.examined_until NULLS FIRST, s.id
     LIMIT ${limit}`);
  return rows;
}

/** Where a sensor's first examination starts: its first sample of the look-back, on the hour. */
async function firstHour(db: Database, sensorId: string, until: Date): Promise<Date> {
  const floor = new Date(until.getTime() - FIRST_LOOK_BACK_MS);
  const { rows } = await db.execute<{ first: string | null }>(sql`
    SELECT min(ts) AS first FROM sensor_measures
     WHERE sensor_id = ${sensorId} AND ts >= ${floor.toISOString()}::timestamptz
       AND ts < ${until.toISOString()}::timestamptz`);
  const first = rows[0]?.first ? new Date(rows[0].first).getTime() : until.getTime();
  return new Date(first - (first % HOUR));
}

async function loadSamples(db: Database, sensorId: string, from: Date, to: Date) {
  const { rows } = await db.execute<{ t: string; pm25: number | null; co2: number | null }>(sql`
    SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, pm25, co2 FROM sensor_measures
     WHERE sensor_id = ${sensorId} AND ts >= ${from.toISOString()}::timestamptz
       AND ts < ${to.toISOString()}::timestamptz
     ORDER BY ts`);
  const pm25: Sample[] = [];
  const co2: Sample[] = [];
  for (const r of rows) {
    const t = Number(r.t);
    if (r.pm25 !== null) pm25.push({ t, v: r.pm25 });
    if (r.co2 !== null) co2.push({ t, v: r.co2 });
  }
  return { pm25, co2 };
}

/** The room's outdoor CO2 level from its lowest hours of the last nights (hourly minima). */
async function roomOutdoorCo2(db: Database, sensorId: string, to: Date, timeZone: string) {
  const { rows } = await db.execute<{ t: string; v: number }>(sql`
    SELECT (extract(epoch FROM hour) * 1000)::float8 AS t, co2_min AS v
      FROM sensor_measures_hourly
     WHERE sensor_id = ${sensorId} AND co2_min IS NOT NULL
       AND hour >= ${new Date(to.getTime() - OUTDOOR_NIGHTS_MS).toISOString()}::timestamptz
       AND hour < ${to.toISOString()}::timestamptz
     ORDER BY hour`);
  return outdoorCo2(
    rows.map((r) => ({ t: Number(r.t), v: r.v })),
    timeZone,
  );
}

/** Stores the episodes of one step and moves the sensor's progress, in one transaction. */
async function storeStep(
  db: Database,
  sensorId: string,
  episodes: DecayEpisode[],
  until: Date,
  outdoor: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (episodes.length > 0)
      await tx
        .insert(decayEpisodes)
        .values(
          episodes.map((e) => ({
            sensorId,
            kind: e.kind,
            startAt: new Date(e.start),
            endAt: new Date(e.end),
            mode: e.mode,
            peak: e.peak,
            background: e.background,
            rate: e.rate,
            r2: e.r2,
            samples: e.samples,
            kept: e.kept,
            reason: e.reason,
            fitFrom: e.fitFrom === null ? null : new Date(e.fitFrom),
            fitTo: e.fitTo === null ? null : new Date(e.fitTo),
          })),
        )
        .onConflictDoNothing();
    await tx.execute(sql`
      INSERT INTO air_change_progress (sensor_id, examined_until, outdoor_co2, updated_at)
      VALUES (${sensorId}, ${until.toISOString()}::timestamptz, ${outdoor}, now())
      ON CONFLICT (sensor_id) DO UPDATE
        SET examined_until = greatest(air_change_progress.examined_until, EXCLUDED.examined_until),
            outdoor_co2 = EXCLUDED.outdoor_co2, updated_at = now()`);
  });
}

/** What a run did. */
export interface MeasureResult {
  sensors: number;
  hours: number;
  episodes: number;
  kept: number;
}

/**
 * Examines the hours of `sensorId` from its progress (or its first sample of the look-back) to
 * `until`, a day at a time. Answers what it found.
 */
export async function measureSensor(
  db: Database,
  sensor: { id: string; timezone: string; examinedUntil: Date | null },
  until: Date,
): Promise<Omit<MeasureResult, 'sensors'>> {
  let from = sensor.examinedUntil ?? (await firstHour(db, sensor.id, until));
  const result = { hours: 0, episodes: 0, kept: 0 };
  while (from < until) {
    const to = new Date(Math.min(from.getTime() + STEP_MS, until.getTime()));
    const loadFrom = new Date(from.getTime() - EPISODE_LOOKBACK_MS);
    const [{ pm25, co2 }, modes, outdoor] = await Promise.all([
      loadSamples(db, sensor.id, loadFrom, to),
      roomModeTimeline(db, sensor.id, loadFrom, to),
      roomOutdoorCo2(db, sensor.id, to, sensor.timezone),
    ]);
    const window = { reportFrom: from.getTime(), reportTo: to.getTime() };
    const episodes = [
      ...findPm25Episodes(pm25, modes, window),
      ...findCo2Episodes(co2, { ...window, outdoorPpm: outdoor }),
    ];
    await storeStep(db, sensor.id, episodes, to, outdoor);
    result.hours += (to.getTime() - from.getTime()) / HOUR;
    result.episodes += episodes.length;
    result.kept += episodes.filter((e) => e.kept).length;
    from = to;
  }
  // A sensor without samples yet starts its progress now: it is not looked for at every run.
  if (sensor.examinedUntil === null && result.hours === 0)
    await storeStep(db, sensor.id, [], until, null);
  if (result.hours > 0) await refreshVerdicts(db, sensor.id, until);
  return result;
}

/**
 * One run of the worker's task: every sensor that lags behind the last whole hour is examined up
 * to it, until `budgetMs` is spent (the next run goes on where this one stopped).
 */
export async function measureDueSensors(
  db: Database,
  now: Date,
  { budgetMs = 60_000, batch = 50 }: { budgetMs?: number; batch?: number } = {},
): Promise<MeasureResult> {
  const until = examinableUntil(now);
  const started = Date.now();
  const total: MeasureResult = { sensors: 0, hours: 0, episodes: 0, kept: 0 };
  for (;;) {
    const due = await dueSensors(db, until, batch);
    if (due.length === 0) break;
    for (const s of due) {
      const r = await measureSensor(
        db,
        {
          id: s.sensor_id,
          timezone: s.timezone,
          examinedUntil: s.examined_until ? new Date(s.examined_until) : null,
        },
        until,
      );
      total.sensors += 1;
      total.hours += r.hours;
      total.episodes += r.episodes;
      total.kept += r.kept;
      if (Date.now() - started > budgetMs) return total;
    }
    if (due.length < batch) break;
  }
  return total;
}
