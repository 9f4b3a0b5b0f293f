import { describe, expect, it } from 'vitest';
import { sensorSampleSchema } from '@aircloud/shared/devices';
import {
  MEASURE_RANGES,
  SENSOR_MEASURES,
  isoClass,
  type MeasureValues,
} from '@aircloud/shared/sensors';
import { readCommonSample } from './sample-fast-path.ts';
import { parseSensorTelemetry } from './telemetry.ts';

/** A small seeded generator (mulberry32): the same cases on every run, a failing seed reproduces. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof random>;

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0, 0);

/** Instants as devices write them, valid or nearly so (each one a way zod may refuse). */
function timestamp(r: Random, valid: boolean): unknown {
  const ms = NOW - r.int(3 * 24 * 3600_000);
  const iso = new Date(ms).toISOString();
  if (valid) return r.pick([iso, iso.replace('Z', '123Z'), iso.replace('Z', '+02:00'), ms]);
  return r.pick([
    () => iso,
    () => iso.replace('.000Z', 'Z').replace(/\.\d{3}Z$/, 'Z'),
    () => iso.replace('Z', '123Z'),
    () => iso.replace('Z', '+02:00'),
    () => iso.replace('Z', '-23:59'),
    () => iso.replace('Z', '+24:00'),
    () => iso.replace('Z', ''),
    () => iso.replace('T', ' '),
    () => iso.toLowerCase(),
    () => iso.replace(/-\d\d-/, '-13-'),
    () => iso.replace(/-\d\dT/, '-31T'),
    () => '2024-02-29T10:00:00Z',
    () => '2026-02-29T10:00:00Z',
    () => iso.replace(/T\d\d/, 'T24'),
    () => iso.replace(/:\d\d\./, ':60.'),
    () => iso.replace(/\.\d+Z/, '.Z'),
    () => ` ${iso}`,
    () => ms,
    () => ms + 0.5,
    () => -1,
    () => 0,
    () => 8.64e15,
    () => 8.64e15 + 1,
    () => 1e16,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => NaN,
    () => Infinity,
    () => String(ms),
    () => null,
    () => undefined,
    () => true,
    () => ({}),
    () => [iso],
  ])();
}

/** A measure's value: inside, at and beyond its bounds, or of another type. */
function value(r: Random, name: (typeof SENSOR_MEASURES)[number], valid: boolean): unknown {
  const { min, max } = MEASURE_RANGES[name];
  if (valid) return r.pick([min + r.next() * (max - min), min, max, -0, null, 21.3]);
  return r.pick([
    () => min + r.next() * (max - min),
    () => Math.round(min + r.next() * (max - min)),
    () => min,
    () => max,
    () => min - 1e-9,
    () => max + 1e-9,
    () => min - 1,
    () => max * 2 + 1,
    () => -0,
    () => 1e-7,
    () => NaN,
    () => Infinity,
    () => -Infinity,
    () => String(min + 1),
    () => null,
    () => undefined,
    () => true,
    () => [],
    () => ({ value: 1 }),
  ])();
}

function measures(r: Random, valid: boolean): unknown {
  const shape = valid ? 99 : r.int(20);
  if (shape === 0) return null;
  if (shape === 1) return [];
  if (shape === 2) return 'co2=400';
  if (shape === 3) return Object.create(null) as object;
  const out: Record<string, unknown> = {};
  for (const name of SENSOR_MEASURES)
    if (r.next() < 0.7) out[name] = value(r, name, valid || r.next() < 0.9);
  if (!valid && r.next() < 0.1) out[r.pick(['radon', 'CO2', 'iso', 'ts', ''])] = 1;
  return out;
}

/** A sample, most of them well formed, the rest broken in one or more ways. */
function sample(r: Random): unknown {
  // Half well formed, half broken in one or more ways (some of those still valid).
  const valid = r.next() < 0.5;
  const shape = valid ? 99 : r.int(30);
  if (shape === 0) return null;
  if (shape === 1) return [];
  if (shape === 2) return 42;
  if (shape === 3) return new Date(NOW);
  const out: Record<string, unknown> =
    r.next() < 0.5 ? {} : (Object.create(null) as Record<string, unknown>);
  if (valid || r.next() < 0.95) out.ts = timestamp(r, valid || r.next() < 0.5);
  if (valid || r.next() < 0.95) out.measures = measures(r, valid || r.next() < 0.5);
  if (!valid && r.next() < 0.05) out[r.pick(['iso', 'sensor', 'Ts'])] = 1;
  // Half through JSON, as bodies arrive (a `__proto__` key becomes an own property there).
  if (r.next() < 0.5) {
    const json = JSON.stringify(out);
    if (json === undefined) return out;
    return JSON.parse(
      r.next() < 0.05
        ? json.replace(/^\{/, json === '{}' ? '{"__proto__":1' : '{"__proto__":1,')
        : json,
    ) as unknown;
  }
  return out;
}

/** What the schema alone makes of a sample (the code before the fast path). */
function throughSchema(raw: unknown): { ts: number; measures: MeasureValues } | null {
  const parsed = sensorSampleSchema.safeParse(raw);
  if (!parsed.success) return null;
  const out: MeasureValues = {};
  for (const [name, v] of Object.entries(parsed.data.measures))
    if (v !== null && v !== undefined) out[name as keyof MeasureValues] = v;
  return { ts: Date.parse(parsed.data.ts), measures: out };
}

describe('readCommonSample (the fast path of sensor telemetry)', () => {
  it('accepts only what sensorSampleSchema accepts, with the same instant and measures (20,000 generated samples)', () => {
    const r = random(20261127);
    let accepted = 0;
    let refusedBySchema = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const raw = sample(r);
      const fast = readCommonSample(raw);
      const schema = throughSchema(raw);
      if (schema === null) refusedBySchema += 1;
      if (fast !== null) {
        accepted += 1;
        expect(schema, JSON.stringify(raw)).not.toBeNull();
        expect(fast).toEqual(schema);
      }
    }
    // The generator exercises both sides: plenty of valid samples and plenty of refusals.
    expect(accepted).toBeGreaterThan(2000);
    expect(refusedBySchema).toBeGreaterThan(5000);
  });

  it('takes the common shape of devices itself (ISO or epoch-ms instant, measures in range or null)', () => {
    const ts = new Date(NOW).toISOString();
    expect(readCommonSample({ ts, measures: { co2: 420, pm25: null, temperature: -40 } })).toEqual({
      ts: NOW,
      measures: { co2: 420, temperature: -40 },
    });
    expect(readCommonSample({ ts: NOW, measures: {} })).toEqual({ ts: NOW, measures: {} });
    expect(readCommonSample({ ts: '2026-11-27T13:00:00.5+01:00', measures: { pc5: 1e9 } })).toEqual(
      { ts: NOW + 500, measures: { pc5: 1e9 } },
    );
  });

  it('leaves every refusal to the schema, so the violations keep their catalogue keys', () => {
    const now = NOW;
    const ts = new Date(now).toISOString();
    const refused = [
      { ts, measures: { co2: 20_000 } },
      { ts, measures: { humidity: -1 } },
      { ts, measures: { radon: 3 } },
      { ts, measures: { co2: '400' } },
      { ts: 'yesterday', measures: {} },
      { ts: 1.5, measures: {} },
      { ts: 1e16, measures: {} },
      { ts, measures: {}, sensor: 'x' },
      { measures: {} },
      { ts },
    ];
    for (const raw of refused) expect(readCommonSample(raw)).toBeNull();
    const parsed = parseSensorTelemetry('S', { samples: refused }, now);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.violations.map((v) => `${v.propertyPath} ${v.message}`)).toEqual([
      'samples[0].measures.co2 max_value',
      'samples[1].measures.humidity min_value',
      'samples[2].measures.radon unknown_field',
      'samples[3].measures.co2 numeric',
      'samples[4].ts date',
      'samples[5].ts invalid',
      'samples[6].ts invalid',
      'samples[7].sensor unknown_field',
      'samples[8].ts invalid',
      'samples[9].measures invalid',
    ]);
  });

  it('gives parseSensorTelemetry the rows the schema alone gave (ISO class included), batches too', () => {
    const r = random(7);
    for (let i = 0; i < 2000; i += 1) {
      const list = Array.from({ length: 1 + r.int(5) }, () => sample(r));
      const parsed = parseSensorTelemetry('S', { samples: list }, NOW);
      const schema = list.map(throughSchema);
      const inWindow = schema.every(
        (s) => s !== null && s.ts <= NOW + 5 * 60_000 && s.ts >= NOW - 7 * 24 * 3600_000,
      );
      expect(parsed.ok).toBe(inWindow);
      if (parsed.ok)
        expect(parsed.items).toEqual(
          schema.map((s) => ({
            sensorId: 'S',
            ts: s!.ts,
            measures: s!.measures,
            iso: isoClass(s!.measures.pc05, s!.measures.pc5),
          })),
        );
    }
  });
});
