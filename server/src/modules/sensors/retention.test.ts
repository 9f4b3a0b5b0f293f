import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvisionedSensorResponse, SensorMeasures } from '@aircloud/shared/sensors';
import { applyRetention, rawRetentionStart } from '@aircloud/core/telemetry/retention';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';
import { storeSeries } from '../../../test/support/sensors.ts';

/** Graphs and exports across the raw retention boundary (RETENTION_RAW_MONTHS=2, RETENTION_HOURLY_MONTHS=3 here). */

const POLICY = { rawMonths: 2, hourlyMonths: 3 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The boundary of today: samples of the days before it are gone (or about to go).
const boundary = rawRetentionStart(new Date(), POLICY);
const at = (offsetMs: number) => new Date(boundary.getTime() + offsetMs).toISOString();

let t: TestApp;
let owner: Session;
let sensor: ProvisionedSensorResponse;

beforeAll(async () => {
  t = await startTestApp({
    RETENTION_RAW_MONTHS: String(POLICY.rawMonths),
    RETENTION_HOURLY_MONTHS: String(POLICY.hourlyMonths),
  });
  owner = await signIn(t);
  const tech = await signIn(t, 'ROLE_TECHNICIAN');
  const res = await request(t.url)
    .post('/api/sensors')
    .set('Cookie', tech.cookie)
    .send({ serial_number: 'SN-RETENTION-1', owner_email: owner.user.email });
  sensor = res.body as ProvisionedSensorResponse;
  // Ten days before the boundary to three after, one sample every 10 minutes, rolled up.
  await storeSeries(t, sensor.ulid, at(-10 * DAY), at(3 * DAY), 600);
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

const graph = async (from: string, to: string) => {
  const res = await request(t.url)
    .get(
      `/api/sensors/${sensor.ulid}/measures?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&measures=co2`,
    )
    .set('Cookie', owner.cookie);
  expect(res.status).toBe(200);
  return res.body as SensorMeasures;
};

const exportOf = (from: string, to: string, format = 'csv') =>
  request(t.url)
    .get(
      `/api/sensors/${sensor.ulid}/export?format=${format}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    )
    .set('Cookie', owner.cookie)
    .set('Accept-Language', 'en');

describe('GET /api/sensors/{ulid}/measures across the raw retention boundary', () => {
  it('answers raw samples after the boundary, as before', async () => {
    const body = await graph(at(DAY), at(2 * DAY));
    expect(body).toMatchObject({ resolution: 'raw', bucket_seconds: null });
    expect(body.series.co2!.t).toHaveLength(144);
  });

  it('reads the hourly roll-up for a short range before the boundary, before and after the drop', async () => {
    const before = await graph(at(-3 * DAY), at(-2 * DAY));
    expect(before).toMatchObject({ resolution: 'rollup', bucket_seconds: 3600 });
    expect(before.series.co2!.t).toHaveLength(24);

    const dropped = await applyRetention(t.db.$client, POLICY);
    expect(dropped.droppedPartitions.length).toBeGreaterThan(0);
    const after = await graph(at(-3 * DAY), at(-2 * DAY));
    expect(after).toEqual(before);
  });

  it('reads the roll-up for a range straddling the boundary, within 2,000 points', async () => {
    const body = await graph(at(-12 * HOUR), at(12 * HOUR));
    expect(body).toMatchObject({ resolution: 'rollup', bucket_seconds: 3600 });
    expect(body.series.co2!.t).toHaveLength(24);
    expect(body.series.co2!.t[0]).toBe(Date.parse(at(-12 * HOUR)) / 1000);
  });
});

describe('GET /api/sensors/{ulid}/export across the raw retention boundary', () => {
  it('refuses a period starting before the boundary with export_period_expired', async () => {
    const res = await exportOf(at(-1 * DAY), at(DAY));
    expect(res.status).toBe(422);
    expect(res.body['hydra:description']).toBe('export_period_expired');
    expect(res.body.violations[0]).toMatchObject({
      propertyPath: 'from',
      message:
        'Raw samples older than 2 months are no longer kept: choose a more recent period (the graph still shows the hourly averages)',
    });
    const xlsx = await exportOf(at(-1 * DAY), at(DAY), 'xlsx');
    expect(xlsx.status).toBe(422);
    expect(xlsx.body['hydra:description']).toBe('export_period_expired');
  });

  it('exports a period after the boundary', async () => {
    const res = await exportOf(at(0), at(DAY));
    expect(res.status).toBe(200);
    expect(res.text.trim().split('\n')).toHaveLength(1 + 144);
  });
});
