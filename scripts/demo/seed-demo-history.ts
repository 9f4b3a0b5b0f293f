import type { Database } from '@aircloud/core/db/client';
import { ensurePartitionsFor } from '@aircloud/core/sensor-imports/store';
import { recomputeHours } from '@aircloud/core/telemetry/rollup';
import { mergeTimelines } from '@aircloud/core/effectiveness/history';
import { slotsBetween } from '@aircloud/core/purifiers/schedule-slots';
import { isoClass, SENSOR_MEASURES } from '@aircloud/shared/sensors';
import {
  fullMaintenanceLevels,
  type DesiredState,
  type MaintenanceLevels,
  type PurifierMode,
} from '@aircloud/shared/purifiers';
import { Room } from '../simulator/room.ts';
import { wear } from '../simulator/wear.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Days of one-minute history a demo sensor starts with. */
export const DEMO_HISTORY_DAYS = 30;
/** Rows written per statement. */
const CHUNK = 5_000;

/**
 * A month of one-minute samples made by the simulator's own room model (scripts/simulator/
 * room.ts), the room of the sensor's place in the list (the simulator numbers rooms the same
 * way), with its purifiers running the modes their weekly plan gave them: the particle decays
 * after each cooking or traffic spike are those the room's air changes make, so the measured air
 * changes (docs/effectiveness.md) have a month to find them in. The purifiers' mode history and
 * their consumables' daily levels (worn at the simulator's pace) are written beside. Stored like
 * imported history (`batch_id` NULL), so alert rules never fire on it.
 */

interface RoomPurifier {
  id: string;
  timezone: string;
  desired: DesiredState;
}

/** The purifiers of a sensor's room. */
async function roomPurifiers(db: Database, sensorId: string): Promise<RoomPurifier[]> {
  const { rows } = await db.$client.query<RoomPurifier>(
    `SELECT p.id, p.timezone, p.desired FROM sensor_purifiers sp
       JOIN purifiers p ON p.id = sp.purifier_id
      WHERE sp.sensor_id = $1 ORDER BY p.id`,
    [sensorId],
  );
  return rows;
}

/** A purifier's mode changes over [from, to]: its plan's slots, else its desired mode throughout. */
function planChanges(p: RoomPurifier, from: number, to: number) {
  const schedule = p.desired.schedule;
  if (!schedule) return [{ purifierId: p.id, at: from, mode: p.desired.mode }];
  // The slot in force at `from` is the last of the week before it.
  const slots = slotsBetween(schedule, p.timezone, new Date(from - 8 * DAY), new Date(to));
  const before = slots.filter((s) => s.at.getTime() <= from).at(-1);
  const changes = [{ purifierId: p.id, at: from, mode: before?.mode ?? p.desired.mode }];
  for (const s of slots)
    if (s.at.getTime() > from && s.mode !== changes.at(-1)!.mode)
      changes.push({ purifierId: p.id, at: s.at.getTime(), mode: s.mode });
  return changes;
}

/** The minutes of [from, to] the sensor already has a sample in (an earlier demo run's). */
async function takenMinutes(db: Database, sensorId: string, from: number, to: number) {
  const { rows } = await db.$client.query<{ m: string }>(
    `SELECT DISTINCT (extract(epoch FROM date_trunc('minute', ts)) * 1000)::bigint::text AS m
       FROM sensor_measures WHERE sensor_id = $1 AND ts >= $2 AND ts < $3`,
    [sensorId, new Date(from).toISOString(), new Date(to + MINUTE).toISOString()],
  );
  return new Set(rows.map((r) => Number(r.m)));
}

const INSERT_SQL = `
INSERT INTO sensor_measures (sensor_id, ts, ${SENSOR_MEASURES.join(', ')}, iso)
SELECT $1, * FROM unnest($2::timestamptz[], ${SENSOR_MEASURES.map((_, i) => `$${i + 3}::real[]`).join(', ')},
  $${SENSOR_MEASURES.length + 3}::smallint[])
ON CONFLICT DO NOTHING`;

/** Writes the month of one sensor's room (samples, roll-up, mode history) in one transaction. */
async function seedRoom(db: Database, sensorId: string, seed: number, from: number, to: number) {
  const purifiers = await roomPurifiers(db, sensorId);
  const changes = purifiers.flatMap((p) => planChanges(p, from, to)).sort((a, b) => a.at - b.at);
  const timeline = mergeTimelines(changes, from, to + MINUTE);
  const taken = await takenMinutes(db, sensorId, from, to);
  const room = new Room(seed);
  const rows: { ts: Date; values: Record<string, number>; iso: number | null }[] = [];
  let span = 0;
  for (let t = from; t <= to; t += MINUTE) {
    while (span + 1 < timeline.length && timeline[span + 1]!.from <= t) span += 1;
    room.purifierMode = timeline[span]?.mode ?? 'off';
    room.step(new Date(t), 60);
    if (taken.has(t)) continue;
    const values = room.read();
    rows.push({ ts: new Date(t), values, iso: isoClass(values.pc05, values.pc5) });
  }
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await client.query(INSERT_SQL, [
        sensorId,
        chunk.map((r) => r.ts.toISOString()),
        ...SENSOR_MEASURES.map((m) => chunk.map((r) => r.values[m] ?? null)),
        chunk.map((r) => r.iso),
      ]);
    }
    const hours: number[] = [];
    for (let h = Math.floor(from / 3_600_000) * 3_600_000; h <= to; h += 3_600_000) hours.push(h);
    await recomputeHours(client, sensorId, hours);
    // What each purifier ran, from when: the mode history the decays are matched with.
    if (changes.length > 0)
      await client.query(
        `INSERT INTO purifier_mode_history (purifier_id, at, mode)
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[]) ON CONFLICT DO NOTHING`,
        [
          changes.map((c) => c.purifierId),
          changes.map((c) => new Date(c.at).toISOString()),
          changes.map((c) => c.mode),
        ],
      );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  return { purifiers, changes };
}

/**
 * The consumables of a room's purifiers worn down over the month at the simulator's pace, in
 * the modes they ran: one level row a day and the levels they have now.
 */
async function seedLevels(
  db: Database,
  purifierIds: string[],
  changes: { purifierId: string; at: number; mode: PurifierMode }[],
  from: number,
  to: number,
) {
  for (const [n, purifierId] of purifierIds.entries()) {
    const own = changes.filter((c) => c.purifierId === purifierId);
    // Each purifier's consumables were last replaced at a different time before the month.
    let levels: MaintenanceLevels = wear(fullMaintenanceLevels(), 'auto', (20 + 25 * n) * DAY);
    const days: { day: string; levels: MaintenanceLevels; at: string }[] = [];
    let i = 0;
    let mode: PurifierMode = own[0]?.mode ?? 'auto';
    for (let t = from; t <= to; t += 10 * MINUTE) {
      while (i < own.length && own[i]!.at <= t) mode = own[i++]!.mode;
      levels = wear(levels, mode, 600);
      const at = new Date(t);
      const day = at.toISOString().slice(0, 10);
      if (days.at(-1)?.day === day) days[days.length - 1] = { day, levels, at: at.toISOString() };
      else days.push({ day, levels, at: at.toISOString() });
    }
    await db.$client.query(
      `INSERT INTO purifier_level_history (purifier_id, day, levels, at)
       SELECT $1, * FROM unnest($2::date[], $3::jsonb[], $4::timestamptz[])
       ON CONFLICT (purifier_id, day) DO NOTHING`,
      [
        purifierId,
        days.map((d) => d.day),
        days.map((d) => JSON.stringify(d.levels)),
        days.map((d) => d.at),
      ],
    );
    await db.$client.query(
      `UPDATE purifiers SET maintenance_levels = $2::jsonb, updated_at = now() WHERE id = $1`,
      [purifierId, JSON.stringify(levels)],
    );
  }
}

/**
 * Gives demo sensors a month of history, once, so a newcomer's day, week and month graphs are
 * not empty and the measured air changes have decays to show: the minutes without a sample are
 * filled (an earlier run's real samples stay), and a sensor that already has most of the month
 * is left alone. Answers how many sensors got history.
 */
export async function seedDemoHistory(db: Database, sensorIds: string[]): Promise<number> {
  const now = Date.now();
  const from = Math.floor((now - DEMO_HISTORY_DAYS * DAY) / MINUTE) * MINUTE;
  const to = Math.floor(now / MINUTE) * MINUTE - 10 * MINUTE;
  let seeded = 0;
  await ensurePartitionsFor(db.$client, from, to);
  for (const [i, sensorId] of sensorIds.entries()) {
    const { rows } = await db.$client.query<{ days: number }>(
      `SELECT count(DISTINCT date_trunc('day', ts))::int AS days FROM sensor_measures
        WHERE sensor_id = $1 AND ts >= $2`,
      [sensorId, new Date(from).toISOString()],
    );
    if (rows[0]!.days >= DEMO_HISTORY_DAYS - 2) continue;
    // The simulator numbers its rooms from 1 in the order of the demo's sensors.
    const { purifiers, changes } = await seedRoom(db, sensorId, i + 1, from, to);
    await seedLevels(
      db,
      purifiers.map((p) => p.id),
      changes,
      from,
      to,
    );
    seeded += 1;
  }
  return seeded;
}
