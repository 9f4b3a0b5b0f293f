import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSamples } from '@aircloud/core/telemetry/sample-store';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { createTestDatabase, memoryLogger } from '../../test/harness.ts';
import { createRollupSamplesTask, createRollupSweepTask } from './RollupSamplesTask.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // The rows below are dated November 2026: their month's partition, whatever today is.
  await database.db.$client.query("SELECT ensure_sensor_measure_partitions('2026-11-01', 1)");
});
afterAll(async () => {
  await database?.drop();
});

describe('RollupSamples task', () => {
  it('merges exactly the rows of each flush into hourly avg/min/max, once per flush', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'ROLLUP-1',
      userId: null,
    });
    const hour = Date.UTC(2026, 10, 20, 10); // 20/11/2026 10:00 UTC
    const rollup = createRollupSamplesTask({ db: database.db, logger: memoryLogger().logger });
    const flush = async (minutes: number[], co2: number[]) => {
      const rows = minutes.map((m, i) => ({
        sensorId: sensor.id,
        ts: hour + m * 60_000,
        measures: { co2: co2[i]!, temperature: 20 + i },
        iso: 6 + i,
      }));
      const result = await flushSamples(database.db.$client, rows);
      return {
        batchId: result.batchId,
        sensorIds: [sensor.id],
        from: new Date(rows[0]!.ts).toISOString(),
        to: new Date(rows.at(-1)!.ts).toISOString(),
      };
    };
    const first = await flush([0, 10], [400, 600]);
    const second = await flush([20, 70], [800, 1000]); // the second row is in the next hour
    expect((await rollup({ data: first })).hours).toBe(1);
    expect((await rollup({ data: second })).hours).toBe(2);
    // A retried (or duplicated) job changes nothing.
    expect((await rollup({ data: second })).hours).toBe(0);

    const rows = await database.db.execute<{
      hour: Date;
      samples: number;
      co2_avg: number;
      co2_min: number;
      co2_max: number;
      co2_n: number;
      pm25_n: number;
      iso_max: number;
    }>(sql`SELECT hour, samples, co2_avg, co2_min, co2_max, co2_n, pm25_n, iso_max
           FROM sensor_measures_hourly WHERE sensor_id = ${sensor.id} ORDER BY hour`);
    expect(rows.rows).toEqual([
      expect.objectContaining({
        samples: 3,
        co2_avg: 600,
        co2_min: 400,
        co2_max: 800,
        co2_n: 3,
        pm25_n: 0,
        iso_max: 7,
      }),
      expect.objectContaining({
        samples: 1,
        co2_avg: 1000,
        co2_min: 1000,
        co2_max: 1000,
        co2_n: 1,
        iso_max: 7,
      }),
    ]);
    expect(new Date(rows.rows[0]!.hour).getTime()).toBe(hour);
  });

  it('rolls up, once, a flush whose samples job was lost', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'ROLLUP-2',
      userId: null,
    });
    const deps = { db: database.db, logger: memoryLogger().logger };
    const rollup = createRollupSamplesTask(deps);
    const sweep = createRollupSweepTask(deps);
    const hour = Date.UTC(2026, 10, 20, 12);
    // Committed, but the server died before enqueueing its job.
    const lost = await flushSamples(database.db.$client, [
      { sensorId: sensor.id, ts: hour + 60_000, measures: { co2: 500 }, iso: null },
      { sensorId: sensor.id, ts: hour + 61_500, measures: { co2: 700 }, iso: null },
    ]);
    // Too recent: its job may simply not have run yet.
    expect(await sweep()).toEqual({ flushes: 0 });
    expect(await sweep(0)).toEqual({ flushes: 1 });
    expect(await sweep(0)).toEqual({ flushes: 0 });
    // The job arriving late finds the flush claimed.
    const late = {
      batchId: lost.batchId,
      sensorIds: [sensor.id],
      from: new Date(hour + 60_000).toISOString(),
      to: new Date(hour + 61_500).toISOString(),
    };
    expect((await rollup({ data: late })).hours).toBe(0);
    const { rows } = await database.db.execute<{ samples: number; co2_avg: number }>(
      sql`SELECT samples, co2_avg FROM sensor_measures_hourly WHERE sensor_id = ${sensor.id}`,
    );
    expect(rows).toEqual([{ samples: 2, co2_avg: 600 }]);
  });

  it('leaves nothing pending once a flush is rolled up by its job', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'ROLLUP-3',
      userId: null,
    });
    const deps = { db: database.db, logger: memoryLogger().logger };
    const ts = Date.UTC(2026, 10, 20, 14);
    const flush = await flushSamples(database.db.$client, [
      { sensorId: sensor.id, ts, measures: { co2: 900 }, iso: null },
    ]);
    const data = {
      batchId: flush.batchId,
      sensorIds: [sensor.id],
      from: new Date(ts).toISOString(),
      to: new Date(ts).toISOString(),
    };
    expect((await createRollupSamplesTask(deps)({ data })).hours).toBe(1);
    expect(await createRollupSweepTask(deps)(0)).toEqual({ flushes: 0 });
    // A flush of rows all stored before (duplicates) has nothing to roll up.
    await flushSamples(database.db.$client, [
      { sensorId: sensor.id, ts, measures: { co2: 900 }, iso: null },
    ]);
    expect(await createRollupSweepTask(deps)(0)).toEqual({ flushes: 0 });
  });
});
