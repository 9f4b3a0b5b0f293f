import { describe, expect, it } from 'vitest';
import type { SensorSample } from '@aircloud/shared/sensors';
import type { SampleRow } from '@aircloud/core/telemetry/sample-store';
import { flushMessage, type PublishedFlush } from './live-samples.ts';

/** The message as it was built before: an object per sample, grouped, sorted, stringified. */
function objectMessage(rows: SampleRow[]): PublishedFlush {
  const bySensor: PublishedFlush = {};
  for (const row of rows) {
    const sample: SensorSample = { ts: new Date(row.ts).toISOString(), ...row.measures };
    if (row.iso !== null) sample.iso = row.iso;
    (bySensor[row.sensorId] ??= []).push(sample);
  }
  for (const samples of Object.values(bySensor)) samples.sort((a, b) => (a.ts < b.ts ? -1 : 1));
  return JSON.parse(JSON.stringify(bySensor)) as PublishedFlush;
}

describe('flushMessage (the Redis message of one flush)', () => {
  it('carries what the object-built message carried: samples by sensor, in time order', () => {
    const at = Date.UTC(2026, 10, 27, 10);
    const rows: SampleRow[] = [
      { sensorId: 'B', ts: at + 2000, measures: { co2: 410, temperature: -3.25 }, iso: 5 },
      { sensorId: 'A', ts: at + 1000, measures: { pm25: 7.5, pc05: 1e9, pc5: 0 }, iso: 9 },
      { sensorId: 'B', ts: at, measures: {}, iso: null },
      { sensorId: 'A', ts: at, measures: { humidity: 45.2, tvoc: 1e-7 }, iso: null },
      { sensorId: 'with "quote"', ts: at + 999, measures: { pm1: -0 }, iso: 1 },
    ];
    const message = flushMessage(rows);
    expect(JSON.parse(message)).toEqual(objectMessage(rows));
    expect(JSON.parse(message)).toEqual({
      B: [
        { ts: '2026-11-27T10:00:00.000Z' },
        { ts: '2026-11-27T10:00:02.000Z', co2: 410, temperature: -3.25, iso: 5 },
      ],
      A: [
        { ts: '2026-11-27T10:00:00.000Z', humidity: 45.2, tvoc: 1e-7 },
        { ts: '2026-11-27T10:00:01.000Z', pm25: 7.5, pc05: 1e9, pc5: 0, iso: 9 },
      ],
      'with "quote"': [{ ts: '2026-11-27T10:00:00.999Z', pm1: 0, iso: 1 }],
    });
  });
});
