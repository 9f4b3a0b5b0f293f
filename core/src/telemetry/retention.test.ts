import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { provisionSensor } from '../sensors/provisioning.ts';
import {
  deleteExpiredRollups,
  dropExpiredMeasurePartitions,
  hourlyRetentionStart,
  oldestRawMonth,
  rawRetentionStart,
} from './retention.ts';

let database: TestDatabase;
let sensorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({
    sensor: { id: sensorId },
  } = await provisionSensor(database.db, { serialNumber: 'RET-1', userId: null }));
});
afterAll(async () => {
  await database?.drop();
});

const NOW = new Date('2026-11-26T22:00:00Z');
const POLICY = { rawMonths: 13, hourlyMonths: 60 };

const query = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);

/** Partitions of sensor_measures, by name. */
async function partitions(): Promise<string[]> {
  const { rows } = await query(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'sensor_measures'::regclass ORDER BY 1`,
  );
  return rows.map((r: { relname: string }) => r.relname);
}

/** Imported raw rows (no flush) of one sensor, every 10 minutes in [from, from + hours). */
async function insertRaw(sensorId: string, from: string, hours: number) {
  await query(
    `INSERT INTO sensor_measures (sensor_id, ts, pm25)
     SELECT $1, ts, 10 FROM generate_series($2::timestamptz, $2::timestamptz + make_interval(hours => $3) - interval '1 minute', interval '10 minutes') ts`,
    [sensorId, from, hours],
  );
}

describe('retention boundaries', () => {
  it('keeps whole UTC months: N months before the current one and after', () => {
    expect(rawRetentionStart(NOW, POLICY).toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(hourlyRetentionStart(NOW, POLICY).toISOString()).toBe('2021-11-01T00:00:00.000Z');
    expect(rawRetentionStart(new Date('2026-03-31T23:59:59Z'), { rawMonths: 1 })).toEqual(
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(rawRetentionStart(new Date('2026-01-15T00:00:00Z'), { rawMonths: 13 })).toEqual(
      new Date('2024-12-01T00:00:00Z'),
    );
  });
});

describe('dropExpiredMeasurePartitions', () => {
  it('drops only the partitions whose whole month is past the boundary, rolled up first', async () => {
    await query(`SELECT ensure_sensor_measure_partitions('2025-08-01T00:00:00Z', 3)`);
    await insertRaw(sensorId, '2025-09-30T22:00:00Z', 4); // September and October
    await query(
      `INSERT INTO sensor_measures_hourly (sensor_id, hour, samples)
                 VALUES ($1, '2025-09-30T23:00:00Z', 99)`,
      [sensorId],
    ); // already rolled up: kept

    const result = await dropExpiredMeasurePartitions(database.db.$client, POLICY, NOW);

    expect(result).toEqual({
      droppedPartitions: ['sensor_measures_y2025m08', 'sensor_measures_y2025m09'],
      deferredPartitions: [],
    });
    const names = await partitions();
    expect(names).not.toContain('sensor_measures_y2025m09');
    expect(names).toContain('sensor_measures_y2025m10');
    // September's hours were rolled up before its rows went; October's rows are still there.
    const hours = await query(
      `SELECT hour, samples FROM sensor_measures_hourly WHERE sensor_id = $1 ORDER BY hour`,
      [sensorId],
    );
    expect(hours.rows.map((r: { samples: number }) => r.samples)).toEqual([6, 99]);
    const raw = await query(`SELECT count(*)::int AS n FROM sensor_measures WHERE sensor_id = $1`, [
      sensorId,
    ]);
    expect(raw.rows[0].n).toBe(12);
    expect(await oldestRawMonth(database.db.$client)).toEqual(new Date('2025-10-01T00:00:00Z'));

    // Again: nothing left to do.
    expect(await dropExpiredMeasurePartitions(database.db.$client, POLICY, NOW)).toEqual({
      droppedPartitions: [],
      deferredPartitions: [],
    });
  });

  it('keeps an expired partition while one of its flushes waits for its roll-up', async () => {
    const later = new Date('2026-12-02T00:00:00Z'); // October 2025 expires
    await query(`INSERT INTO sensor_rollup_pending (batch_id, sensor_ids, from_ts, to_ts)
                 VALUES (424242, '{S-OLD}', '2025-10-01T00:30:00Z', '2025-10-01T00:30:00Z')`);
    const deferred = await dropExpiredMeasurePartitions(database.db.$client, POLICY, later);
    expect(deferred).toEqual({
      droppedPartitions: [],
      deferredPartitions: ['sensor_measures_y2025m10'],
    });
    await query('DELETE FROM sensor_rollup_pending WHERE batch_id = 424242');
    const dropped = await dropExpiredMeasurePartitions(database.db.$client, POLICY, later);
    expect(dropped.droppedPartitions).toEqual(['sensor_measures_y2025m10']);
  });

  it('finishes a partition detached by an interrupted run', async () => {
    await query(`SELECT ensure_sensor_measure_partitions('2025-11-01T00:00:00Z', 1)`);
    await query('ALTER TABLE sensor_measures DETACH PARTITION sensor_measures_y2025m11');
    const result = await dropExpiredMeasurePartitions(
      database.db.$client,
      POLICY,
      new Date('2027-01-05T00:00:00Z'),
    );
    expect(result.droppedPartitions).toContain('sensor_measures_y2025m11');
    const left = await query(`SELECT to_regclass('sensor_measures_y2025m11') AS t`);
    expect(left.rows[0].t).toBeNull();
  });
});

describe('deleteExpiredRollups', () => {
  it('deletes the hours before the hourly boundary, in batches', async () => {
    await query(`INSERT INTO sensor_measures_hourly (sensor_id, hour, samples)
                 SELECT 'S-H', h, 1 FROM generate_series('2021-10-31T20:00:00Z'::timestamptz,
                   '2021-11-01T01:00:00Z'::timestamptz, interval '1 hour') h`);
    expect(await deleteExpiredRollups(database.db.$client, POLICY, NOW, 2)).toBe(4);
    const left = await query(
      `SELECT count(*)::int AS n FROM sensor_measures_hourly WHERE sensor_id = 'S-H'`,
    );
    expect(left.rows[0].n).toBe(2);
  });
});

describe('dropExpiredMeasurePartitions with a default partition', () => {
  it('never drops the default partition, and detaches without CONCURRENTLY beside it', async () => {
    await query(`SELECT ensure_sensor_measure_partitions('2024-03-01T00:00:00Z', 1)`);
    await query('CREATE TABLE sensor_measures_default PARTITION OF sensor_measures DEFAULT');
    try {
      const result = await dropExpiredMeasurePartitions(database.db.$client, POLICY, NOW);
      expect(result.droppedPartitions).toEqual(['sensor_measures_y2024m03']);
      expect(await partitions()).toContain('sensor_measures_default');
    } finally {
      await query('DROP TABLE sensor_measures_default');
    }
  });
});
