import { sql } from 'drizzle-orm';
import http from 'node:http';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import request, { type Response } from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_NAMESPACE,
  type PublicClientToServerEvents,
  type PublicServerToClientEvents,
  type ClientToServerEvents,
  type PublicSubscribeAck,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@aircloud/shared/realtime';
import {
  MAX_POINTS_PER_SERIES,
  type ProvisionedSensorResponse,
  type SensorMeasures,
} from '@aircloud/shared/sensors';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../../test/support/purifiers.ts';
import { storeSeries } from '../../../test/support/sensors.ts';
import { lastSample } from '@aircloud/core/sensors/repository';

let t: TestApp;
let owner: Session;
let other: Session;
let tech: Session;
let admin: Session;
let serial = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  // The histories below start in November 2025: raw samples are kept from that month on
  // whatever today is (13 months, the default, in November 2026), and 2020 stays outside.
  const now = new Date();
  const rawMonths = (now.getUTCFullYear() - 2025) * 12 + now.getUTCMonth() - 10 + 2;
  t = await startTestApp({
    RETENTION_RAW_MONTHS: String(Math.max(13, rawMonths)),
    RETENTION_HOURLY_MONTHS: String(Math.max(60, rawMonths)),
  });
  [owner, other, tech, admin] = await Promise.all([
    signIn(t),
    signIn(t),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
  ]);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

/** Provisions a sensor for `forUser` through the API (as the technician). */
async function provision(forUser: Session = owner, name?: string) {
  serial += 1;
  const res = await request(t.url)
    .post('/api/sensors')
    .set('Cookie', tech.cookie)
    .send({ serial_number: `SN-API-${serial}`, owner_email: forUser.user.email, name });
  expect(res.status).toBe(201);
  return res.body as ProvisionedSensorResponse;
}

const api = (session: Session | null) => ({
  get: (path: string) => {
    const r = request(t.url).get(path);
    return session ? r.set('Cookie', session.cookie) : r;
  },
  patch: (path: string, body: object) => {
    const r = request(t.url).patch(path).set('Content-Type', 'application/merge-patch+json');
    return (session ? r.set('Cookie', session.cookie) : r).send(body);
  },
  put: (path: string, body: object) => {
    const r = request(t.url).put(path);
    return (session ? r.set('Cookie', session.cookie) : r).send(body);
  },
  delete: (path: string) => {
    const r = request(t.url).delete(path);
    return session ? r.set('Cookie', session.cookie) : r;
  },
});

describe('POST /api/sensors', () => {
  it('provisions a sensor for an owner and shows the device secret once', async () => {
    const res = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', tech.cookie)
      .send({ serial_number: 'SN-NEW-1', owner_email: owner.user.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/sensors/${res.body.ulid}`);
    expect(res.body).toMatchObject({
      '@type': 'Sensor',
      serial_number: 'SN-NEW-1',
      name: 'SN-NEW-1',
      is_public: false,
      owner: { ulid: owner.user.id, email: owner.user.email },
      purifiers: [],
      last_sample: null,
      wifi_state: 'not_configured',
    });
    expect(res.body.device_secret).toMatch(/^[\w-]{40,}$/);
    expect(res.body.system_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await api(owner).get(`/api/sensors/${res.body.ulid}`);
    expect(again.body.device_secret).toBeUndefined();
  });

  it('refuses a duplicate serial number and an unknown owner with field violations', async () => {
    const dup = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', admin.cookie)
      .send({ serial_number: 'SN-NEW-1', owner_email: owner.user.email });
    expect(dup.status).toBe(422);
    expect(dup.body.violations[0]).toMatchObject({
      propertyPath: 'serial_number',
      code: 'sensor_serial_number_already_exists',
    });
    const unknown = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', tech.cookie)
      .set('Accept-Language', 'en')
      .send({ serial_number: 'SN-NEW-2', owner_email: 'nobody@example.com' });
    expect(unknown.status).toBe(422);
    expect(unknown.body['hydra:description']).toBe('sensor_owner_not_found');
    expect(unknown.body.violations[0]).toMatchObject({
      propertyPath: 'owner_email',
      message: 'No account uses this e-mail address',
    });
    const bad = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', tech.cookie)
      .send({ serial_number: 'bad serial!', owner_email: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(
      ['owner_email', 'serial_number'],
    );
  });

  it('is for technicians and admins only (401 / 403)', async () => {
    const body = { serial_number: 'SN-NEW-3', owner_email: owner.user.email };
    expect((await request(t.url).post('/api/sensors').send(body)).status).toBe(401);
    const res = await request(t.url).post('/api/sensors').set('Cookie', owner.cookie).send(body);
    expect(res.status).toBe(403);
    expect(res.body['hydra:description']).toBe('forbidden');
  });
});

describe('GET /api/sensors', () => {
  it('shows owners theirs, technicians and admins all, with search and view-as-user', async () => {
    const mine = await provision(owner, 'Kitchen searchable');
    const theirs = await provision(other, 'Office');
    const ownList = await api(owner).get('/api/sensors');
    expect(ownList.status).toBe(200);
    const ownIds = ownList.body['hydra:member'].map((s: { ulid: string }) => s.ulid);
    expect(ownIds).toContain(mine.ulid);
    expect(ownIds).not.toContain(theirs.ulid);

    const techList = await api(tech).get('/api/sensors?search=searchable');
    expect(techList.body['hydra:member'].map((s: { ulid: string }) => s.ulid)).toEqual([mine.ulid]);
    const bySerial = await api(tech).get(`/api/sensors?search=${theirs.serial_number}`);
    expect(bySerial.body['hydra:totalItems']).toBe(1);

    const asUser = await api(admin).get(`/api/sensors?user=${other.user.id}`);
    expect(asUser.body['hydra:member'].map((s: { ulid: string }) => s.ulid)).toEqual([theirs.ulid]);
    expect((await api(owner).get(`/api/sensors?user=${other.user.id}`)).status).toBe(403);
    expect((await api(null).get('/api/sensors')).status).toBe(401);
    expect((await api(owner).get('/api/sensors?page=0')).status).toBe(422);
    // A page past the end still counts, with the same filters (technician: every sensor).
    for (const [who, query] of [
      [owner, 'search=searchable'],
      [tech, 'search=searchable'],
      [tech, ''],
    ] as const) {
      const first = await api(who).get(`/api/sensors?${query}`);
      const past = await api(who).get(`/api/sensors?${query}&page=40`);
      expect(past.body['hydra:member']).toEqual([]);
      expect(past.body['hydra:totalItems']).toBe(first.body['hydra:totalItems']);
    }
  });

  it('carries each sensor’s last sample and linked purifiers', async () => {
    const sensor = await provision(owner, 'Live values');
    const purifier = await activate(t, owner, (await exportedKey(t, tech)).key);
    await api(owner).put(`/api/sensors/${sensor.ulid}/purifiers`, { purifiers: [purifier.ulid] });
    await storeSeries(t, sensor.ulid, '2026-11-01T10:00:00Z', '2026-11-01T10:05:00Z', 60);
    const res = await api(owner).get('/api/sensors?search=Live%20values');
    const [item] = res.body['hydra:member'];
    expect(item.purifiers).toEqual([
      expect.objectContaining({ ulid: purifier.ulid, '@id': `/api/purifiers/${purifier.ulid}` }),
    ]);
    expect(item.last_sample).toMatchObject({ ts: '2026-11-01T10:04:00.000Z' });
    expect(typeof item.last_sample.co2).toBe('number');
    // Exactly the stored sample, read back on its own; the detail answers the same.
    expect(item.last_sample).toEqual(await lastSample(t.db, sensor.ulid));
    const detail = await api(owner).get(`/api/sensors/${sensor.ulid}`);
    expect(detail.body.last_sample).toEqual(item.last_sample);
    expect(detail.body.purifiers).toEqual(item.purifiers);
  });
});

describe('GET / PATCH / DELETE /api/sensors/{ulid}', () => {
  it('lets the owner rename, set the short name and system date; validates', async () => {
    const sensor = await provision();
    const path = `/api/sensors/${sensor.ulid}`;
    const res = await api(owner).patch(path, {
      name: 'Living room',
      short_name: 'LIV',
      system_date: '2025-02-03',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Living room',
      short_name: 'LIV',
      system_date: '2025-02-03',
    });
    const long = await api(owner).patch(path, { short_name: 'x'.repeat(21) });
    expect(long.status).toBe(422);
    expect(long.body.violations[0]).toMatchObject({ propertyPath: 'short_name' });
    expect((await api(owner).patch(path, { name: '' })).status).toBe(422);
    expect((await api(owner).patch(path, { serial_number: 'X' })).status).toBe(422);
  });

  it('pushes the changed sensor to the browsers following it (sensor:changed)', async () => {
    const sensor = await provision();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: owner.cookie },
    });
    sockets.push(socket as unknown as Socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const ack = await new Promise<SubscribeAck>((resolve) =>
      socket.emit('subscribe', { sensor: sensor.ulid }, resolve),
    );
    expect(ack.ok).toBe(true);
    const changed = new Promise((resolve) => socket.once('sensor:changed', resolve));
    await api(owner).patch(`/api/sensors/${sensor.ulid}`, { name: 'Bedroom' });
    expect(await changed).toMatchObject({ ulid: sensor.ulid, name: 'Bedroom' });
  });

  it('answers 401 without a session and 404 to someone else (existence not revealed)', async () => {
    const sensor = await provision();
    const path = `/api/sensors/${sensor.ulid}`;
    expect((await api(null).get(path)).status).toBe(401);
    for (const res of [
      await api(other).get(path),
      await api(other).patch(path, { name: 'x' }),
      await api(other).delete(path),
      await api(other).put(`${path}/purifiers`, { purifiers: [] }),
      await api(other).get(`${path}/measures?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`),
      await api(other).get(`${path}/export?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`),
      await api(other).delete(`${path}/measures`),
      await api(owner).get('/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body['hydra:description']).toBe('not_found');
    }
    expect((await api(tech).get(path)).status).toBe(200);
    expect((await api(admin).get(path)).status).toBe(200);
    const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
    for (const res of [
      await api(null).patch(path, { name: 'x' }),
      await api(null).delete(path),
      await api(null).put(`${path}/purifiers`, { purifiers: [] }),
      await api(null).get(`${path}/measures?${range}`),
      await api(null).get(`${path}/export?${range}`),
      await api(null).delete(`${path}/measures`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body['hydra:description']).toBe('unauthorized');
    }
  });

  it('deletes a sensor with its samples and roll-ups', async () => {
    const sensor = await provision();
    await storeSeries(t, sensor.ulid, '2026-11-02T00:00:00Z', '2026-11-02T03:00:00Z', 60);
    const res = await api(owner).delete(`/api/sensors/${sensor.ulid}`);
    expect(res.status).toBe(204);
    expect((await api(owner).get(`/api/sensors/${sensor.ulid}`)).status).toBe(404);
    const counts = await t.db.execute<{ raw: number; hourly: number }>(sql`
      SELECT (SELECT count(*)::int FROM sensor_measures WHERE sensor_id = ${sensor.ulid}) AS raw,
        (SELECT count(*)::int FROM sensor_measures_hourly WHERE sensor_id = ${sensor.ulid}) AS hourly`);
    expect(counts.rows[0]).toEqual({ raw: 0, hourly: 0 });
  });
});

describe('PUT /api/sensors/{ulid}/purifiers', () => {
  it('links up to 8 purifiers the user controls; the ninth and foreign ones are refused', async () => {
    const sensor = await provision();
    const path = `/api/sensors/${sensor.ulid}/purifiers`;
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1)
      ids.push((await activate(t, owner, (await exportedKey(t, tech)).key)).ulid);
    const eight = await api(owner).put(path, { purifiers: ids.slice(0, 8) });
    expect(eight.status).toBe(200);
    expect(eight.body.purifiers.map((p: { ulid: string }) => p.ulid)).toEqual(ids.slice(0, 8));

    const ninth = await request(t.url)
      .put(path)
      .set('Cookie', owner.cookie)
      .set('Accept-Language', 'en')
      .send({ purifiers: ids });
    expect(ninth.status).toBe(422);
    expect(ninth.body['hydra:description']).toBe('sensor_purifiers_max');
    expect(ninth.body.violations[0]).toMatchObject({
      propertyPath: 'purifiers',
      message: 'A sensor can be linked to at most 8 purifiers',
    });

    const foreign = await activate(t, other, (await exportedKey(t, tech)).key);
    const refused = await api(owner).put(path, { purifiers: [ids[0]!, foreign.ulid] });
    expect(refused.status).toBe(422);
    expect(refused.body.violations[0]).toMatchObject({
      propertyPath: 'purifiers',
      code: 'sensor_purifier_not_allowed',
    });
    const unknown = await api(owner).put(path, { purifiers: ['01J9Z3Q6ZP7V8W2M4K5N6R7S8T'] });
    expect(unknown.status).toBe(422);
    // Nothing changed by the refused requests.
    const after = await api(owner).get(`/api/sensors/${sensor.ulid}`);
    expect(after.body.purifiers).toHaveLength(8);

    const replaced = await api(owner).put(path, { purifiers: [ids[8]!] });
    expect(replaced.body.purifiers.map((p: { ulid: string }) => p.ulid)).toEqual([ids[8]]);
    expect((await api(owner).put(path, { purifiers: 'x' })).status).toBe(422);
  });
});

describe('PUT /api/sensors/{ulid}/purifiers against a concurrent link', () => {
  it('answers 422 sensor_purifiers_max when the database trigger refuses the ninth', async () => {
    const sensor = await provision();
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1)
      ids.push((await activate(t, owner, (await exportedKey(t, tech)).key)).ulid);
    // Another transaction links 8 purifiers and holds the sensor row (the trigger's lock).
    const other = await t.db.$client.connect();
    try {
      await other.query('BEGIN');
      for (const id of ids.slice(0, 8))
        await other.query('INSERT INTO sensor_purifiers (sensor_id, purifier_id) VALUES ($1, $2)', [
          sensor.ulid,
          id,
        ]);
      const put = api(owner).put(`/api/sensors/${sensor.ulid}/purifiers`, {
        purifiers: [ids[8]!],
      });
      const response = new Promise<Awaited<typeof put>>((resolve, reject) =>
        put.then(resolve, reject),
      );
      // Wait until the request's insert waits for that lock, then commit the 8 links.
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await t.db.$client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await other.query('COMMIT');
      const res = await response;
      expect(res.status).toBe(422);
      expect(res.body['hydra:description']).toBe('sensor_purifiers_max');
      expect(res.body.violations[0]).toMatchObject({ propertyPath: 'purifiers' });
    } finally {
      other.release();
    }
    const after = await api(owner).get(`/api/sensors/${sensor.ulid}`);
    expect(after.body.purifiers).toHaveLength(8);
  });
});

describe('GET /api/sensors/{ulid}/measures', () => {
  let sensorId: string;
  beforeAll(async () => {
    const sensor = await provision();
    sensorId = sensor.ulid;
    // One year at 10 minutes (52,560 samples), rolled up hourly by the worker's task.
    await storeSeries(t, sensorId, '2025-11-01T00:00:00Z', '2026-11-01T00:00:00Z', 600);
  }, 60_000);

  const get = (from: string, to: string, measures = 'co2,pm25,iso') =>
    api(owner).get(
      `/api/sensors/${sensorId}/measures?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&measures=${measures}`,
    );

  it('answers raw samples when the range holds at most 2,000', async () => {
    const res = await get('2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z');
    expect(res.status).toBe(200);
    const body = res.body as SensorMeasures;
    expect(body).toMatchObject({ sensor: sensorId, resolution: 'raw', bucket_seconds: null });
    expect(Object.keys(body.series).sort()).toEqual(['co2', 'iso', 'pm25']);
    expect(body.series.co2!.t).toHaveLength(144);
    expect(body.series.co2!.t[0]).toBe(Date.parse('2026-10-01T00:00:00Z') / 1000);
    expect(body.series.co2!.min).toBeUndefined();
    // iso raw: the stored column.
    const epoch = Date.parse('2026-10-01T00:00:00Z') / 1000;
    expect(body.series.iso!.v[0]).toBe(5 + (Math.floor(epoch / 600) % 3));
  });

  it('answers the hourly roll-up (with min/max) beyond 2,000 samples', async () => {
    const res = await get('2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z');
    const body = res.body as SensorMeasures;
    expect(body).toMatchObject({ resolution: 'rollup', bucket_seconds: 3600 });
    expect(body.series.co2!.t).toHaveLength(720);
    expect(body.series.co2!.min).toHaveLength(720);
    expect(body.series.co2!.t[1]! - body.series.co2!.t[0]!).toBe(3600);
  });

  it('matches avg/min/max computed from the raw samples', async () => {
    const res = await get('2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', 'co2,temperature');
    const body = res.body as SensorMeasures;
    const hour = Date.parse('2026-09-10T13:00:00Z') / 1000;
    const index = body.series.co2!.t.indexOf(hour);
    const raw = await t.db.execute<{ avg: number; min: number; max: number; tavg: number }>(sql`
      SELECT avg(co2) AS avg, min(co2) AS min, max(co2) AS max, avg(temperature) AS tavg
      FROM sensor_measures WHERE sensor_id = ${sensorId}
        AND ts >= '2026-09-10T13:00:00Z' AND ts < '2026-09-10T14:00:00Z'`);
    const expected = raw.rows[0]!;
    expect(body.series.co2!.v[index]).toBeCloseTo(Number(expected.avg), 3);
    expect(body.series.co2!.min![index]).toBeCloseTo(Number(expected.min), 3);
    expect(body.series.co2!.max![index]).toBeCloseTo(Number(expected.max), 3);
    expect(body.series.temperature!.v[index]).toBeCloseTo(Number(expected.tavg), 3);
  });

  it('aggregates k-hour buckets beyond 2,000 hours, weighted by counts, never > 2,000 points', async () => {
    const res = await get('2025-11-01T00:00:00Z', '2026-11-01T00:00:00Z', 'co2,iso');
    const body = res.body as SensorMeasures;
    expect(body.resolution).toBe('rollup');
    expect(body.bucket_seconds).toBe(5 * 3600); // 8,760 hours / 1,999 → 5 hours
    for (const series of Object.values(body.series))
      expect(series.t.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    const start = body.series.co2!.t[10]!;
    const raw = await t.db.execute<{ avg: number; min: number; max: number; iso: number }>(sql`
      SELECT avg(co2) AS avg, min(co2) AS min, max(co2) AS max, max(iso)::int AS iso
      FROM sensor_measures WHERE sensor_id = ${sensorId}
        AND ts >= to_timestamp(${start}) AND ts < to_timestamp(${start + 5 * 3600})`);
    expect(body.series.co2!.v[10]).toBeCloseTo(Number(raw.rows[0]!.avg), 2);
    expect(body.series.co2!.max![10]).toBeCloseTo(Number(raw.rows[0]!.max), 3);
    expect(body.series.iso!.v[10]).toBe(raw.rows[0]!.iso);
    // Odd ranges straddling bucket edges stay within the limit too.
    for (const [from, to] of [
      ['2025-11-01T00:30:00Z', '2026-02-23T09:10:00Z'],
      ['2025-11-03T07:00:00Z', '2026-10-31T23:59:59Z'],
    ] as const) {
      const odd = (await get(from, to)).body as SensorMeasures;
      expect(odd.series.co2!.t.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    }
  });

  it('answers empty series for a range without data, and 422 on bad queries', async () => {
    const empty = (await get('2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z')).body;
    // 2020 is before the raw retention boundary: the (empty) hourly roll-up answers.
    expect(empty.resolution).toBe('rollup');
    expect(empty.series.co2).toEqual({ t: [], v: [], min: [], max: [] });
    const emptyRaw = (await get('2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z')).body;
    expect(emptyRaw.resolution).toBe('raw');
    expect(emptyRaw.series.co2).toEqual({ t: [], v: [] });
    for (const query of [
      'from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from=yesterday&to=2026-01-01T00:00:00Z',
      'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&measures=co2,bogus',
      'to=2026-01-02T00:00:00Z',
    ]) {
      const res = await api(owner).get(`/api/sensors/${sensorId}/measures?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.violations.length).toBeGreaterThan(0);
    }
  });

  it('deletes the history (samples and roll-ups) for the owner', async () => {
    const sensor = await provision();
    await storeSeries(t, sensor.ulid, '2026-10-05T00:00:00Z', '2026-10-06T00:00:00Z', 60);
    expect((await api(null).delete(`/api/sensors/${sensor.ulid}/measures`)).status).toBe(401);
    expect((await api(owner).delete(`/api/sensors/${sensor.ulid}/measures`)).status).toBe(204);
    const res = await api(owner).get(
      `/api/sensors/${sensor.ulid}/measures?from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z`,
    );
    expect(res.body.resolution).toBe('raw');
    expect(res.body.series.co2.t).toEqual([]);
    const hourly = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sensor_measures_hourly WHERE sensor_id = ${sensor.ulid}`,
    );
    expect(hourly.rows[0]!.n).toBe(0);
  });
});

/** A response body as bytes (supertest would read an xlsx as text). */
function binary(response: Response, done: (err: Error | null, body: Buffer) => void) {
  // At this point superagent hands over the raw response stream.
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The first worksheet of an xlsx file, read back with exceljs. */
async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([file]));
  return workbook.worksheets[0]!;
}

describe('GET /api/sensors/{ulid}/export', () => {
  let sensor: ProvisionedSensorResponse;
  beforeAll(async () => {
    sensor = await provision();
    // Around the change back to winter time: 25/10/2026 02:00–03:00 local happens twice.
    await storeSeries(t, sensor.ulid, '2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z', 1800);
  });
  const exportOf = (from: string, to: string) =>
    api(owner).get(
      `/api/sensors/${sensor.ulid}/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );

  it('streams a CSV with UTC timestamps first, Paris dates and units; the repeated hour twice', async () => {
    const res = await exportOf('2026-10-25T00:00:00+02:00', '2026-10-25T05:00:00+01:00');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${sensor.serial_number}_20261025-0000_20261025-0500.csv"`,
    );
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe(
      'timestamp,date,co2 (ppm),pm1 (µg/m3),pm25 (µg/m3),pm10 (µg/m3),temperature (°C),' +
        'humidity (%HR),formaldehyde (µg/m3),tvoc (ppb),pc03 (pcs/L),pc05 (pcs/L),' +
        'pc1 (pcs/L),pc25 (pcs/L),pc5 (pcs/L),pc10 (pcs/L),iso (ISO)',
    );
    const firstColumns = lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' | '));
    expect(firstColumns).toEqual(
      [
        '2026-10-24T22:00:00.000Z | 25/10/2026 00:00:00',
        '2026-10-24T22:30:00.000Z | 25/10/2026 00:30:00',
        '2026-10-24T23:00:00.000Z | 25/10/2026 01:00:00',
        '2026-10-24T23:30:00.000Z | 25/10/2026 01:30:00',
        '2026-10-25T00:00:00.000Z | 25/10/2026 02:00:00',
        '2026-10-25T00:30:00.000Z | 25/10/2026 02:30:00',
        '2026-10-25T01:00:00.000Z | 25/10/2026 02:00:00',
        '2026-10-25T01:30:00.000Z | 25/10/2026 02:30:00',
        '2026-10-25T02:00:00.000Z | 25/10/2026 03:00:00',
        '2026-10-25T02:30:00.000Z | 25/10/2026 03:30:00',
      ].filter((l) => l.split(' | ')[0]! >= '2026-10-24T23:00:00.000Z'),
    );
    const cells = lines[1]!.split(',');
    expect(Number(cells[2])).toBeGreaterThan(0); // co2 with a decimal point
    expect(cells[3]).toBe(''); // pm1 missing: empty
    expect(cells[16]).toMatch(/^[5-7]$/);
  });

  it('accepts exactly one calendar month and refuses one second more', async () => {
    const ok = await exportOf('2026-10-01T00:00:00+02:00', '2026-11-01T00:00:00+01:00');
    expect(ok.status).toBe(200);
    const tooLong = await request(t.url)
      .get(
        `/api/sensors/${sensor.ulid}/export?from=${encodeURIComponent('2026-10-01T00:00:00+02:00')}&to=${encodeURIComponent('2026-11-01T00:00:01+01:00')}`,
      )
      .set('Cookie', owner.cookie)
      .set('Accept-Language', 'en');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body['hydra:description']).toBe('export_period_too_long');
    expect(tooLong.body.violations[0]).toMatchObject({
      propertyPath: 'to',
      message: 'An export covers at most one month: choose a shorter period',
    });
    expect((await exportOf('2026-01-31T00:00:00Z', '2026-02-28T00:00:00Z')).status).toBe(200);
    expect((await exportOf('2026-01-31T00:00:00Z', '2026-03-01T00:00:00Z')).status).toBe(422);
  });

  it('streams a whole month of one-minute rows in order', async () => {
    const big = await provision();
    await storeSeries(t, big.ulid, '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', 60);
    const res = await api(owner).get(
      `/api/sensors/${big.ulid}/export?from=2026-09-01T00:00:00Z&to=2026-10-01T00:00:00Z`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBeUndefined(); // streamed (chunked)
    const lines = res.text.trim().split('\n');
    expect(lines).toHaveLength(1 + 30 * 24 * 60);
    expect(lines[1]!.startsWith('2026-09-01T00:00:00.000Z,01/09/2026 02:00:00,')).toBe(true);
    expect(lines.at(-1)!.startsWith('2026-09-30T23:59:00.000Z,01/10/2026 01:59:00,')).toBe(true);

    // The workbook of the same month: every row once, in order, across the pages it is read in.
    const xlsx = await api(owner)
      .get(
        `/api/sensors/${big.ulid}/export?format=xlsx&from=2026-09-01T00:00:00Z&to=2026-10-01T00:00:00Z`,
      )
      .buffer(true)
      .parse(binary);
    expect(xlsx.status).toBe(200);
    const sheet = await firstSheet(xlsx.body as Buffer);
    expect(sheet.actualRowCount).toBe(1 + 30 * 24 * 60);
    expect((sheet.getRow(2).getCell(1).value as Date).toISOString()).toBe(
      '2026-09-01T00:00:00.000Z',
    );
    expect((sheet.getRow(1001).getCell(1).value as Date).toISOString()).toBe(
      '2026-09-01T16:39:00.000Z',
    );
    expect((sheet.getRow(1002).getCell(1).value as Date).toISOString()).toBe(
      '2026-09-01T16:40:00.000Z',
    );
    expect((sheet.lastRow!.getCell(1).value as Date).toISOString()).toBe(
      '2026-09-30T23:59:00.000Z',
    );

    // A reader that goes away mid-workbook: the server stops and goes on answering.
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${t.url}/api/sensors/${big.ulid}/export?format=xlsx&from=2026-09-01T00:00:00Z&to=2026-10-01T00:00:00Z`,
        { headers: { Cookie: owner.cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api(owner).get(`/api/sensors/${big.ulid}`)).status).toBe(200);
  }, 120_000);

  it('format=xlsx: a workbook with date cells and numbers, one column per measure with its unit', async () => {
    const res = await api(owner)
      .get(
        `/api/sensors/${sensor.ulid}/export?format=xlsx&from=${encodeURIComponent('2026-10-25T00:00:00+02:00')}&to=${encodeURIComponent('2026-10-25T05:00:00+01:00')}`,
      )
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${sensor.serial_number}_20261025-0000_20261025-0500.xlsx"`,
    );
    expect(res.headers['content-length']).toBeUndefined(); // streamed
    const sheet = await firstSheet(res.body as Buffer);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'timestamp (UTC)',
      'date (Europe/Paris)',
      'co2 (ppm)',
      'pm1 (µg/m3)',
      'pm25 (µg/m3)',
      'pm10 (µg/m3)',
      'temperature (°C)',
      'humidity (%HR)',
      'formaldehyde (µg/m3)',
      'tvoc (ppb)',
      'pc03 (pcs/L)',
      'pc05 (pcs/L)',
      'pc1 (pcs/L)',
      'pc25 (pcs/L)',
      'pc5 (pcs/L)',
      'pc10 (pcs/L)',
      'iso (ISO)',
    ]);
    expect(sheet.actualRowCount).toBe(1 + 8);
    // The repeated October hour: two rows at 02:00 Paris, an hour apart in UTC.
    const instants = [4, 6].map((r) => sheet.getRow(r).getCell(1));
    const paris = [4, 6].map((r) => sheet.getRow(r).getCell(2));
    for (const cell of [...instants, ...paris]) {
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    }
    expect(instants.map((c) => (c.value as Date).toISOString())).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    // The Paris wall clock, held as a zone-less spreadsheet date.
    expect(paris.map((c) => (c.value as Date).toISOString())).toEqual([
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Number); // co2
    expect(row.getCell(3).value as number).toBeGreaterThan(0);
    expect(row.getCell(4).value).toBeNull(); // pm1 missing: an empty cell
    expect(row.getCell(17).type).toBe(ExcelJS.ValueType.Number); // iso
    // The same values as the CSV of the same period.
    const csv = await exportOf('2026-10-25T00:00:00+02:00', '2026-10-25T05:00:00+01:00');
    const csvRow = csv.text.trim().split('\n')[1]!.split(',');
    expect(row.getCell(3).value).toBe(Number(csvRow[2]));
    expect(row.getCell(5).value).toBe(Number(csvRow[4]));
  });

  it('format=xlsx keeps the period rules: one month at most, a known format', async () => {
    const tooLong = await api(owner).get(
      `/api/sensors/${sensor.ulid}/export?format=xlsx&from=${encodeURIComponent('2026-10-01T00:00:00+02:00')}&to=${encodeURIComponent('2026-11-01T00:00:01+01:00')}`,
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body['hydra:description']).toBe('export_period_too_long');
    const badFormat = await api(owner).get(
      `/api/sensors/${sensor.ulid}/export?format=ods&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z`,
    );
    expect(badFormat.status).toBe(422);
    expect(badFormat.body.violations[0]).toMatchObject({ propertyPath: 'format' });
    expect(
      (
        await api(null).get(
          `/api/sensors/${sensor.ulid}/export?format=xlsx&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z`,
        )
      ).status,
    ).toBe(401);
  });

  it('answers 401 without a session and 422 on a bad range', async () => {
    expect(
      (
        await api(null).get(
          `/api/sensors/${sensor.ulid}/export?from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z`,
        )
      ).status,
    ).toBe(401);
    expect((await exportOf('2026-10-02T00:00:00Z', '2026-10-01T00:00:00Z')).status).toBe(422);
  });
});

describe('public sensors', () => {
  function openPublic(): Promise<Socket<PublicServerToClientEvents, PublicClientToServerEvents>> {
    const socket: Socket<PublicServerToClientEvents, PublicClientToServerEvents> = connect(
      `${t.url}${PUBLIC_NAMESPACE}`,
      { transports: ['websocket'], reconnection: false },
    );
    sockets.push(socket as unknown as Socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const subscribe = (
    socket: Socket<PublicServerToClientEvents, PublicClientToServerEvents>,
    sensor: string,
  ) => new Promise<PublicSubscribeAck>((resolve) => socket.emit('subscribe', { sensor }, resolve));

  it('opens while public, without an account; closes at once when turned off', async () => {
    const sensor = await provision(owner, 'Public one');
    await storeSeries(t, sensor.ulid, '2026-11-03T00:00:00Z', '2026-11-03T01:00:00Z', 60);
    const path = `/public/sensors/${sensor.ulid}`;
    const measures = `${path}/measures?from=2026-11-03T00:00:00Z&to=2026-11-03T01:00:00Z&measures=co2`;
    expect((await request(t.url).get(path)).status).toBe(404);
    expect((await request(t.url).get(measures)).status).toBe(404);
    const early = await openPublic();
    expect(await subscribe(early, sensor.ulid)).toEqual({ ok: false, error: 'not_found' });

    expect(
      (await api(owner).patch(`/api/sensors/${sensor.ulid}`, { is_public: true })).status,
    ).toBe(200);
    const pub = await request(t.url).get(path);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ ulid: sensor.ulid, name: 'Public one' });
    expect(pub.body.serial_number).toBeUndefined();
    expect(pub.body.owner).toBeUndefined();
    expect(pub.body.last_sample.ts).toBe('2026-11-03T00:59:00.000Z');
    const data = await request(t.url).get(measures);
    expect(data.status).toBe(200);
    expect(data.body.series.co2.t).toHaveLength(60);

    const socket = await openPublic();
    const ack = await subscribe(socket, sensor.ulid);
    expect(ack).toMatchObject({ ok: true, sensor: { sensor: sensor.ulid } });
    // Live samples of the sensor reach the anonymous socket.
    const samples = new Promise((resolve) => socket.once('sensor:samples', resolve));
    const telemetry = await request(t.url)
      .post('/device/v1/telemetry')
      .auth(sensor.serial_number, sensor.device_secret)
      .send({ ts: new Date().toISOString(), measures: { co2: 777 } });
    expect(telemetry.status).toBeLessThan(300);
    expect(await samples).toMatchObject({ sensor: sensor.ulid });

    const closed = new Promise((resolve) => socket.once('sensor:closed', resolve));
    await api(owner).patch(`/api/sensors/${sensor.ulid}`, { is_public: false });
    expect(await closed).toEqual({ sensor: sensor.ulid });
    expect((await request(t.url).get(path)).status).toBe(404);
    expect((await request(t.url).get(measures)).body['hydra:description']).toBe('not_found');
    expect(await subscribe(socket, sensor.ulid)).toEqual({ ok: false, error: 'not_found' });
    expect((await request(t.url).get('/public/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T')).status).toBe(
      404,
    );
  });
});
