import { sql } from 'drizzle-orm';
import { rollUpHistory } from '@aircloud/core/telemetry/rollup';
import type { TestApp } from '../app.ts';

/**
 * Stores one sample every `stepSeconds` over [from, to) for a sensor, with smoothly varying
 * values (co2, pm25, temperature, particle counts, iso), in one INSERT … SELECT generate_series,
 * then rolls those hours up (core telemetry/rollup.ts: avg, min, max and count per measure, max
 * ISO class, per UTC hour).
 */
export async function storeSeries(
  t: TestApp,
  sensorId: string,
  from: string,
  to: string,
  stepSeconds: number,
): Promise<void> {
  await t.db.execute(sql`SELECT ensure_sensor_measure_partitions(${from}::timestamptz, 15)`);
  await t.db.execute(sql`
    INSERT INTO sensor_measures (sensor_id, ts, co2, pm25, temperature, pc05, pc5, iso)
    SELECT ${sensorId}, ts,
      (600 + 200 * sin(extract(epoch FROM ts) / 3000.0))::real,
      (10 + (extract(epoch FROM ts)::bigint % 37))::real,
      (20 + 2 * cos(extract(epoch FROM ts) / 7000.0))::real,
      100, 1, (5 + extract(epoch FROM ts)::bigint / ${stepSeconds} % 3)::smallint
    FROM generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 microsecond',
      make_interval(secs => ${stepSeconds})) AS ts
    ON CONFLICT DO NOTHING`);
  await rollUpHistory(t.db.$client, [sensorId], from, to);
}
