import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';
import { seedDemoHistory, DEMO_HISTORY_DAYS } from './seed-demo-history.ts';
import { seedDemo, seedDemoDevices } from './seed-demo.ts';
import { measureDueSensors } from '@aircloud/core/effectiveness/measure';
import { computeEffectiveness } from '@aircloud/core/effectiveness/report';
import { findPurifier } from '@aircloud/core/purifiers/repository';
import { roomAirChanges } from '../simulator/room.ts';

let t: TestDatabase;
let sensorIds: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db);
  const devices = await seedDemoDevices(t.db);
  sensorIds = devices.filter((d) => d.kind === 'sensor').map((d) => d.id);
}, 60_000);
afterAll(async () => t?.drop());

describe('demo history', () => {
  it('gives each demo sensor a month of one-minute samples with a matching hourly roll-up, once', async () => {
    // An earlier demo run's real sample stays as it was.
    const real = new Date(Date.now() - 3 * 86_400_000);
    real.setUTCSeconds(30, 0);
    await t.db.$client.query(
      `INSERT INTO sensor_measures (sensor_id, ts, co2) VALUES ($1, $2, 999)`,
      [sensorIds[0], real.toISOString()],
    );
    expect(await seedDemoHistory(t.db, sensorIds)).toBe(sensorIds.length);
    const { rows: minute } = await t.db.$client.query<{ co2: number }>(
      `SELECT co2 FROM sensor_measures WHERE sensor_id = $1
          AND ts >= date_trunc('minute', $2::timestamptz)
          AND ts < date_trunc('minute', $2::timestamptz) + interval '1 minute'`,
      [sensorIds[0], real.toISOString()],
    );
    expect(minute).toEqual([{ co2: 999 }]);
    const { rows } = await t.db.$client.query<{ n: number; hours: number; iso: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT date_trunc('hour', ts))::int AS hours,
              min(iso)::int AS iso
         FROM sensor_measures WHERE sensor_id = $1`,
      [sensorIds[0]],
    );
    // One sample a minute over the month, up to ten minutes ago.
    expect(rows[0]!.n).toBeGreaterThan(DEMO_HISTORY_DAYS * 1440 - 20);
    expect(rows[0]!.n).toBeLessThanOrEqual(DEMO_HISTORY_DAYS * 1440 + 1);
    expect(rows[0]!.iso).toBeGreaterThanOrEqual(1);
    // The roll-up holds every hour with the raw rows' count, average and extremes.
    const { rows: check } = await t.db.$client.query<{ mismatches: number; hours: number }>(
      `SELECT count(*) FILTER (WHERE h.samples <> r.n OR abs(h.co2_avg - r.avg) > 0.01
                OR h.co2_max <> r.max OR h.co2_min <> r.min)::int AS mismatches,
              count(h.hour)::int AS hours
         FROM (SELECT date_trunc('hour', ts, 'UTC') AS hour, count(*)::int AS n,
                      avg(co2) AS avg, max(co2) AS max, min(co2) AS min
                 FROM sensor_measures WHERE sensor_id = $1 GROUP BY 1) r
         LEFT JOIN sensor_measures_hourly h ON h.sensor_id = $1 AND h.hour = r.hour`,
      [sensorIds[0]],
    );
    expect(check[0]!.hours).toBe(rows[0]!.hours);
    expect(check[0]!.mismatches).toBe(0);
    // A second start keeps the history it has.
    expect(await seedDemoHistory(t.db, sensorIds)).toBe(0);
  }, 120_000);
});

describe('the demo rooms measured', () => {
  it('finds in the month of history the air changes of the simulator’s room model', async () => {
    await seedDemoHistory(t.db, sensorIds);
    const result = await measureDueSensors(t.db, new Date(), { budgetMs: 600_000 });
    expect(result.sensors).toBe(sensorIds.length);
    const report: string[] = [];
    const checks: (() => void)[] = [];
    for (const [i, sensorId] of sensorIds.entries()) {
      const truth = roomAirChanges(i + 1);
      const { rows } = await t.db.$client.query<{ purifier_id: string }>(
        'SELECT purifier_id FROM sensor_purifiers WHERE sensor_id = $1',
        [sensorId],
      );
      for (const { purifier_id } of rows) {
        const row = (await findPurifier(t.db, purifier_id))!;
        const measured = await computeEffectiveness(t.db, row, new Date());
        report.push(
          `room ${i + 1}: natural ${measured.natural_ach} (${truth.natural}), ventilation ${measured.ventilation_ach} (${truth.ventilation}), ` +
            (['silence', 'auto', 'boost'] as const)
              .map(
                (m) =>
                  `${m} ${measured.modes[m].ach} (${truth.purifier[m].toFixed(2)}, ${measured.modes[m].episodes})`,
              )
              .join(', '),
        );
        checks.push(() => {
          // Auto and boost (and ventilation) within ±15 %, the natural rate within ±10 %
          // (docs/effectiveness.md, "What the tests measure").
          for (const mode of ['auto', 'boost'] as const) {
            const m = measured.modes[mode];
            expect(m.verdict, `${mode} of room ${i + 1}`).not.toBe('not_enough_data');
            expect(m.ach!, `${mode} of room ${i + 1}`).toBeGreaterThan(truth.purifier[mode] * 0.85);
            expect(m.ach!, `${mode} of room ${i + 1}`).toBeLessThan(truth.purifier[mode] * 1.15);
          }
          expect(measured.natural_ach!).toBeGreaterThan(truth.natural * 0.9);
          expect(measured.natural_ach!).toBeLessThan(truth.natural * 1.1);
          expect(measured.ventilation_ach!).toBeGreaterThan(truth.ventilation * 0.85);
          expect(measured.ventilation_ach!).toBeLessThan(truth.ventilation * 1.15);
        });
      }
    }
    console.log(report.join('\n'));
    for (const check of checks) check();
  }, 600_000);
});
