import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { provisionSensor } from '../sensors/provisioning.ts';
import { flushSamples, type SampleRow } from './sample-store.ts';
import { mergeFlush, recomputeHours, type Flush } from './rollup.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // The rows below are dated November 2026: their month's partition, whatever today is.
  await database.db.$client.query("SELECT ensure_sensor_measure_partitions('2026-11-01', 1)");
});
afterAll(async () => {
  await database?.drop();
});

const HOUR = Date.UTC(2026, 10, 20, 10); // 20/11/2026 10:00 UTC

/** Stores rows as one ingest flush (uncommitted to any roll-up yet). */
async function flush(rows: SampleRow[]): Promise<Flush> {
  const { batchId } = await flushSamples(database.db.$client, rows);
  return {
    batchId,
    sensorIds: [...new Set(rows.map((r) => r.sensorId))],
    from: new Date(Math.min(...rows.map((r) => r.ts))).toISOString(),
    to: new Date(Math.max(...rows.map((r) => r.ts))).toISOString(),
  };
}

/** The hour row as stored, every column. */
async function hourRow(sensorId: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await database.db.$client.query<Record<string, unknown>>(
    'SELECT * FROM sensor_measures_hourly WHERE sensor_id = $1 AND hour = $2',
    [sensorId, new Date(HOUR).toISOString()],
  );
  return rows[0];
}

/** The two rows agree: averages to rounding, everything else exactly. */
function expectSameHour(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  for (const [column, value] of Object.entries(expected)) {
    if (column.endsWith('_avg') && value !== null)
      expect(actual[column]).toBeCloseTo(value as number, 9);
    else expect([column, actual[column]]).toEqual([column, value]);
  }
}

describe('hourly roll-up', () => {
  it('gives the same hour whether its rows were merged flush by flush or recomputed', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'ROLLUP-SAME',
      userId: null,
    });
    const at = (minute: number) => HOUR + minute * 60_000;
    // Measures present on some rows only, fractional values, ISO classes: every kind of column.
    const flushes = [
      await flush([
        { sensorId: sensor.id, ts: at(0), measures: { co2: 412, temperature: 20.3 }, iso: 6 },
        { sensorId: sensor.id, ts: at(7), measures: { co2: 655.5, pm25: 7.25 }, iso: null },
      ]),
      await flush([
        { sensorId: sensor.id, ts: at(21), measures: { pm25: 12.5, humidity: 41 }, iso: 8 },
        { sensorId: sensor.id, ts: at(48), measures: { co2: 980, temperature: 21.9 }, iso: 5 },
        { sensorId: sensor.id, ts: at(59), measures: { co2: 1003.25, pm25: 3 }, iso: 7 },
      ]),
    ];
    for (const f of flushes) expect(await mergeFlush(database.db.$client, f)).toBe(1);
    const merged = await hourRow(sensor.id);
    expect(merged).toMatchObject({ samples: 5, co2_n: 4, pm25_n: 3, humidity_n: 1, iso_max: 8 });

    await recomputeHours(database.db.$client, sensor.id, [HOUR]);
    const recomputed = await hourRow(sensor.id);
    expectSameHour(recomputed!, merged!);
    // Not a vacuous comparison: every measure column is there, counted.
    expect(Object.keys(recomputed!)).toEqual(
      expect.arrayContaining(SENSOR_MEASURES.map((m) => `${m}_avg`)),
    );

    // A flush not merged yet is left to its merge by a recompute, then counted once by it.
    const late = await flush([
      { sensorId: sensor.id, ts: at(33), measures: { co2: 500, pm25: 20 }, iso: 9 },
    ]);
    await recomputeHours(database.db.$client, sensor.id, [HOUR]);
    expectSameHour((await hourRow(sensor.id))!, merged!);
    expect(await mergeFlush(database.db.$client, late)).toBe(1);
    const afterLate = await hourRow(sensor.id);
    expect(afterLate).toMatchObject({ samples: 6, co2_n: 5, pm25_n: 4, iso_max: 9 });
    await recomputeHours(database.db.$client, sensor.id, [HOUR]);
    expectSameHour((await hourRow(sensor.id))!, afterLate!);
  });
});
