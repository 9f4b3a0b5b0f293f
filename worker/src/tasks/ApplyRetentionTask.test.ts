import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';
import { createApplyRetentionTask } from './ApplyRetentionTask.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('ApplyRetention', () => {
  it('drops the expired raw months and roll-ups, and does nothing more when run again', async () => {
    const { sensor } = await provisionSensor(database.db, { serialNumber: 'RET-W1', userId: null });
    const q = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);
    await q(`SELECT ensure_sensor_measure_partitions('2024-01-01T00:00:00Z', 2)`);
    await q(
      `INSERT INTO sensor_measures (sensor_id, ts, co2) VALUES ($1, '2024-01-15T10:05:00Z', 500)`,
      [sensor.id],
    );
    await q(
      `INSERT INTO sensor_measures_hourly (sensor_id, hour, samples)
       VALUES ($1, '2019-05-01T00:00:00Z', 3)`,
      [sensor.id],
    );
    const run = createApplyRetentionTask({
      db: database.db,
      logger: pino({ level: 'silent' }),
      policy: { rawMonths: 13, hourlyMonths: 60 },
      clock: () => new Date('2026-11-26T03:17:00Z'),
    });
    expect(await run()).toEqual({
      droppedPartitions: ['sensor_measures_y2024m01', 'sensor_measures_y2024m02'],
      deferredPartitions: [],
      deletedHours: 1,
    });
    // January 2024 was rolled up before its partition went; May 2019 is past 60 months.
    const hours = await q('SELECT hour, samples FROM sensor_measures_hourly WHERE sensor_id = $1', [
      sensor.id,
    ]);
    expect(hours.rows).toEqual([{ hour: new Date('2024-01-15T10:00:00Z'), samples: 1 }]);
    expect(await run()).toEqual({ droppedPartitions: [], deferredPartitions: [], deletedHours: 0 });
  });
});
