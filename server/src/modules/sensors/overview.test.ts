import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvisionedSensorResponse } from '@aircloud/shared/sensors';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../../test/support/purifiers.ts';
import { storeSeries } from '../../../test/support/sensors.ts';

let t: TestApp;
let owner: Session;
let other: Session;
let tech: Session;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other, tech] = await Promise.all([signIn(t), signIn(t), signIn(t, 'ROLE_TECHNICIAN')]);
});
afterAll(async () => {
  await t?.stop();
});

async function provision(forUser: Session, serial: string, name: string) {
  const res = await request(t.url)
    .post('/api/sensors')
    .set('Cookie', tech.cookie)
    .send({ serial_number: serial, owner_email: forUser.user.email, name });
  expect(res.status).toBe(201);
  return res.body as ProvisionedSensorResponse;
}

describe('GET /api/sensor_overview', () => {
  it('answers 401 without a session', async () => {
    expect((await request(t.url).get('/api/sensor_overview')).status).toBe(401);
  });

  it("gives each of the owner's sensors its last sample, last hour and purifiers' modes", async () => {
    const office = await provision(owner, 'SN-OV-1', 'Office');
    const hall = await provision(owner, 'SN-OV-2', 'Hall');
    await provision(other, 'SN-OV-3', 'Not mine');
    const purifier = await activate(t, owner, (await exportedKey(t, tech)).key);
    const linked = await request(t.url)
      .put(`/api/sensors/${office.ulid}/purifiers`)
      .set('Cookie', owner.cookie)
      .send({ purifiers: [purifier.ulid] });
    expect(linked.status).toBe(200);
    // One sample a minute over the last hour and a half: the sparkline keeps the last hour.
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    await storeSeries(
      t,
      office.ulid,
      new Date(to.getTime() - 90 * 60_000).toISOString(),
      to.toISOString(),
      60,
    );

    const res = await request(t.url).get('/api/sensor_overview').set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body['hydra:totalItems']).toBe(2);
    const tiles = res.body['hydra:member'] as SensorOverviewTile[];
    expect(tiles.map((tile) => tile.name)).toEqual(['Hall', 'Office']);
    const [empty, full] = tiles as [SensorOverviewTile, SensorOverviewTile];
    expect(empty.ulid).toBe(hall.ulid);
    expect(empty.last_sample).toBeNull();
    expect(empty.sparkline.values).toEqual({});
    expect(full.last_sample?.co2).toEqual(expect.any(Number));
    expect(full.purifiers).toEqual([
      expect.objectContaining({
        ulid: purifier.ulid,
        mode: expect.any(String),
        reported_mode: null,
      }),
    ]);
    expect(full.sparkline.step_s).toBe(300);
    const co2 = full.sparkline.values.co2!;
    expect(co2).toHaveLength(12);
    // Every bucket but possibly the current one holds five samples' average, within the series' range.
    expect(co2.slice(0, 11).every((v) => v !== null && v >= 400 && v <= 800)).toBe(true);
    expect(full.sparkline.values.pm10).toBeUndefined();
  });

  it('shows technicians every sensor, and never a sensor to a user it is not shared with', async () => {
    const all = await request(t.url).get('/api/sensor_overview').set('Cookie', tech.cookie);
    expect(all.body['hydra:totalItems']).toBeGreaterThanOrEqual(3);
    const theirs = await request(t.url).get('/api/sensor_overview').set('Cookie', other.cookie);
    expect((theirs.body['hydra:member'] as SensorOverviewTile[]).map((s) => s.name)).toEqual([
      'Not mine',
    ]);
  });
});
