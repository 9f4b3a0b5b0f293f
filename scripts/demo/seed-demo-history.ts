import type { Database } from '@aircloud/core/db/client';
import { ensurePartitionsFor } from '@aircloud/core/sensor-imports/store';
import { recomputeHours } from '@aircloud/core/telemetry/rollup';

const DAY = 86_400_000;
/** Days of one-minute history a demo sensor starts with. */
export const DEMO_HISTORY_DAYS = 30;

/**
 * A month of one-minute samples shaped like an occupied room (people from 08:30 to 18:30 Paris
 * time on weekdays: CO2, TVOC and temperature rise; particles peak in the evening), up to ten
 * minutes ago. Stored like imported history (`batch_id` NULL), so alert rules never fire on it.
 */
const HISTORY_SQL = `
INSERT INTO sensor_measures (sensor_id, ts, co2, pm1, pm25, pm10, temperature, humidity,
  formaldehyde, tvoc, pc03, pc05, pc1, pc25, pc5, pc10, iso)
SELECT $1, ts, co2, pm1, pm25, pm10, temperature, humidity, formaldehyde, tvoc,
  pc05 * 3, pc05, pc05 * 0.4, pc05 * 0.08, pc5, pc5 * 0.3,
  -- ISO 14644-1 class, the worst of the 0.5 µm and 5 µm bounds (shared/src/sensors.ts isoClass).
  greatest(1, least(9, greatest(
    ceil(log(pc05 * 1000 / power(0.2, 2.08)) - 0.003),
    ceil(log(pc5 * 1000 / power(0.02, 2.08)) - 0.003))))::smallint
FROM (
  SELECT ts,
    round((420 + work * (380 + 260 * sin(e / 2400.0)) + 25 * random())::numeric, 0) AS co2,
    round((3 + 4 * evening + 2 * work + 1.5 * random())::numeric, 1) AS pm1,
    round((5 + 6 * evening + 3 * work + 2.5 * random() + 2 * sin(e / 5000.0))::numeric, 1) AS pm25,
    round((9 + 9 * evening + 5 * work + 4 * random())::numeric, 1) AS pm10,
    round((19.2 + 2.6 * work + 0.6 * sin(e / 9000.0) + 0.15 * random())::numeric, 1) AS temperature,
    round((41 + 7 * work + 3 * sin(e / 7000.0) + random())::numeric, 0) AS humidity,
    round((8 + 6 * work + 2 * random())::numeric, 1) AS formaldehyde,
    round((120 + 260 * work + 40 * random())::numeric, 0) AS tvoc,
    round((30 + 40 * evening + 20 * random())::numeric, 0) AS pc05,
    round((0.2 + 0.5 * random())::numeric, 2) AS pc5
  FROM (
    SELECT ts, extract(epoch FROM ts) + $4 AS e,
      CASE WHEN extract(isodow FROM local) < 6
        THEN greatest(0, least(1, least(
          (extract(hour FROM local) * 60 + extract(minute FROM local) - 510) / 90.0,
          (1110 - (extract(hour FROM local) * 60 + extract(minute FROM local))) / 60.0)))
        ELSE 0 END AS work,
      CASE WHEN extract(hour FROM local) BETWEEN 18 AND 21 THEN 1 ELSE 0 END AS evening
    FROM (
      SELECT g.ts, g.ts AT TIME ZONE 'Europe/Paris' AS local
      FROM generate_series($2::timestamptz, $3::timestamptz, interval '1 minute') AS g(ts)
      -- Minutes the sensor already reported (an earlier demo run) keep their real samples:
      -- one scan of the month and a hash anti-join, not one probe per minute.
      WHERE g.ts NOT IN (
        SELECT DISTINCT date_trunc('minute', m.ts) FROM sensor_measures m
         WHERE m.sensor_id = $1 AND m.ts >= $2::timestamptz
           AND m.ts < $3::timestamptz + interval '1 minute')
    ) t
  ) s
) v
ON CONFLICT DO NOTHING`;

/**
 * Gives demo sensors a month of history, once, so a newcomer's day, week and month graphs are
 * not empty: the minutes without a sample are filled (an earlier run's real samples stay), and a
 * sensor that already has most of the month is left alone. Answers how many sensors got history.
 */
export async function seedDemoHistory(db: Database, sensorIds: string[]): Promise<number> {
  const now = Date.now();
  const from = Math.floor((now - DEMO_HISTORY_DAYS * DAY) / 60_000) * 60_000;
  const to = Math.floor(now / 60_000) * 60_000 - 10 * 60_000;
  let seeded = 0;
  await ensurePartitionsFor(db.$client, from, to);
  for (const [i, sensorId] of sensorIds.entries()) {
    const { rows } = await db.$client.query<{ days: number }>(
      `SELECT count(DISTINCT date_trunc('day', ts))::int AS days FROM sensor_measures
        WHERE sensor_id = $1 AND ts >= $2`,
      [sensorId, new Date(from).toISOString()],
    );
    if (rows[0]!.days >= DEMO_HISTORY_DAYS - 2) continue;
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      // Each sensor gets its own phase, so the three demo rooms do not draw the same curve.
      await client.query(HISTORY_SQL, [
        sensorId,
        new Date(from).toISOString(),
        new Date(to).toISOString(),
        i * 1700,
      ]);
      const hours: number[] = [];
      for (let h = Math.floor(from / 3_600_000) * 3_600_000; h <= to; h += 3_600_000) hours.push(h);
      await recomputeHours(client, sensorId, hours);
      await client.query('COMMIT');
      seeded += 1;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }
  return seeded;
}
