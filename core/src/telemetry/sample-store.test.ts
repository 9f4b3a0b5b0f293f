import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENSOR_MEASURES, type MeasureValues } from '@aircloud/shared/sensors';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { provisionSensor } from '../sensors/provisioning.ts';
import { arrayLiterals, flushSamples, type SampleRow } from './sample-store.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // The rows below are dated November 2026: their month's partition, whatever today is.
  await database.db.$client.query("SELECT ensure_sensor_measure_partitions('2026-11-01', 1)");
});
afterAll(async () => {
  await database?.drop();
});

const AT = Date.UTC(2026, 10, 27, 10, 0, 0, 123);

/** Values of every kind a measure takes: fractions, tiny and huge, negative, zero, absent. */
const VALUES = [0, -0, 21.3, -40, 1e-7, 123456.789, 1e9, 999999937, 0.1 + 0.2, 7.25e-5];

function row(sensorId: string, k: number): SampleRow {
  const measures: MeasureValues = {};
  SENSOR_MEASURES.forEach((m, j) => {
    if ((k + j) % 4 !== 0) measures[m] = VALUES[(k * 3 + j) % VALUES.length]!;
  });
  return { sensorId, ts: AT + k * 1000, measures, iso: k % 3 === 0 ? null : (k % 9) + 1 };
}

describe('flushSamples', () => {
  it('stores every value as PostgreSQL reads it from node-postgres, and says all were new', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'STORE-LITERALS',
      userId: null,
    });
    const rows = Array.from({ length: 40 }, (_, k) => row(sensor.id, k));
    const result = await flushSamples(database.db.$client, rows);
    expect(result.inserted).toBe('all');
    const { rows: stored } = await database.db.$client.query<Record<string, unknown>>(
      `SELECT (extract(epoch FROM ts) * 1000)::bigint AS ms, iso, batch_id, ${SENSOR_MEASURES.join(', ')}
         FROM sensor_measures WHERE sensor_id = $1 ORDER BY ts`,
      [sensor.id],
    );
    expect(stored).toHaveLength(40);
    stored.forEach((s, k) => {
      expect(Number(s.ms)).toBe(rows[k]!.ts);
      expect(s.iso).toBe(rows[k]!.iso);
      expect(Number(s.batch_id)).toBe(result.batchId);
      for (const m of SENSOR_MEASURES) {
        const sent = rows[k]!.measures[m];
        // real: the same float4 (-0 is written 0, as node-postgres writes it).
        const read = s[m] === null ? null : Math.fround(s[m] as number);
        expect([m, read]).toEqual([m, sent === undefined ? null : Math.fround(sent) || 0]);
      }
    });
  });

  it('answers the stored keys when some rows were not new (repeats in the flush, rows stored before)', async () => {
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'STORE-REPEATS',
      userId: null,
    });
    await flushSamples(database.db.$client, [row(sensor.id, 0)]);
    const result = await flushSamples(database.db.$client, [
      row(sensor.id, 0), // stored before
      row(sensor.id, 1),
      row(sensor.id, 1), // twice in this flush
      row(sensor.id, 2),
    ]);
    expect(result.inserted).toEqual(
      new Set([`${sensor.id}|${AT + 1000}`, `${sensor.id}|${AT + 2000}`]),
    );
  });

  it('writes the same arrays node-postgres would, for any text and number', async () => {
    const ids = [
      '01ABC',
      'NULL',
      'null',
      '',
      'a b',
      'with,comma',
      'q"uote',
      'back\\slash',
      '{x}',
      'é',
    ];
    const rows = ids.map((sensorId, k) => row(sensorId, k));
    const { params, sensorIds } = arrayLiterals(rows);
    const types = ['text', 'bigint', ...SENSOR_MEASURES.map(() => 'real'), 'smallint'];
    const ours = await database.db.$client.query(
      `SELECT ${types.map((t, i) => `$${i + 1}::${t}[] AS c${i}`).join(', ')}, $${types.length + 1}::text[] AS ids`,
      [...params, `{${sensorIds.join(',')}}`],
    );
    const columns = [
      rows.map((r) => r.sensorId),
      rows.map((r) => r.ts),
      ...SENSOR_MEASURES.map((m) => rows.map((r) => r.measures[m] ?? null)),
      rows.map((r) => r.iso),
    ];
    const theirs = await database.db.$client.query(
      `SELECT ${types.map((t, i) => `$${i + 1}::${t}[] AS c${i}`).join(', ')}, $${types.length + 1}::text[] AS ids`,
      [...columns, [...new Set(ids)]],
    );
    expect(ours.rows[0]).toEqual(theirs.rows[0]);
    expect(ours.rows[0].c0).toEqual(ids);
  });
});
