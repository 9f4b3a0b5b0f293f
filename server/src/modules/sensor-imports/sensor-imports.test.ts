import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENSOR_IMPORT_MAX_BYTES } from '@aircloud/shared/constants';
import type { SensorImport } from '@aircloud/shared/sensors';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { QUEUES, bullPrefix } from '@aircloud/core/queues';
import { signIn, type Session } from '../../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { sensorImportDir } from '@aircloud/core/sensor-imports/paths';

let t: TestApp;
let owner: Session;
let stranger: Session;
let queue: Queue;

beforeAll(async () => {
  t = await startTestApp();
  // Some rows below are dated November 2026: their month's partition, whatever today is.
  await t.db.$client.query("SELECT ensure_sensor_measure_partitions('2026-11-01', 1)");
  owner = await signIn(t);
  stranger = await signIn(t);
  queue = new Queue(QUEUES.sensorImport, {
    connection: { host: '127.0.0.1', port: 6379 },
    prefix: bullPrefix(t.config.redisPrefix),
  });
});
afterAll(async () => {
  await queue?.close();
  await t?.stop();
});

let serial = 0;
async function newSensor(userId: string | null = owner.user.id) {
  serial += 1;
  const { sensor } = await provisionSensor(t.db, { serialNumber: `IMP-API-${serial}`, userId });
  return sensor;
}

const GOOD = 'date,co2 (ppm)\n20/11/2026 10:00,400\n';

function post(sensorId: string, session: Session | null = owner) {
  const req = request(t.url).post(`/api/sensors/${sensorId}/imports`);
  return session ? req.set('Cookie', session.cookie) : req;
}

/** Temporary upload files left in the import directory (dot files). */
function leftovers(): string[] {
  try {
    return readdirSync(sensorImportDir(t.config.uploadDir)).filter((f) => f.startsWith('.'));
  } catch {
    return [];
  }
}

/**
 * Sends a multipart body of `size` file bytes in chunks without Content-Length (chunked), so
 * only the streaming check can refuse it; answers the status and how many bytes were written
 * when the answer came.
 */
function streamUpload(sensorId: string, size: number): Promise<{ status: number; sent: number }> {
  const boundary = 'aircloudboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\ndate,co2\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const line = Buffer.from('20/11/2026 10:00,400\n'.padEnd(64, ' '));
  const url = new URL(`/api/sensors/${sensorId}/imports`, t.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          Cookie: owner.cookie,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Transfer-Encoding': 'chunked',
        },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sent }));
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const total = size - 9; // the header line "date,co2\n" is part of the file
    let remaining = total;
    const pump = () => {
      while (remaining > 0 && !answered) {
        const n = Math.min(remaining, 64 * 1024);
        const chunk = Buffer.alloc(n);
        for (let i = 0; i < n; i += line.length)
          line.copy(chunk, i, 0, Math.min(line.length, n - i));
        remaining -= n;
        sent += n;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    req.write(head);
    pump();
  });
}

describe('POST /api/sensors/{ulid}/imports', () => {
  it('accepts a CSV file: 202 with the pending import, committed before its job is queued', async () => {
    const sensor = await newSensor();
    const res = await post(sensor.id).attach('file', Buffer.from(GOOD), {
      filename: 'mesures.csv',
      contentType: 'text/csv',
    });
    expect(res.status).toBe(202);
    const body = res.body as SensorImport;
    expect(body).toMatchObject({
      '@type': 'SensorImport',
      sensor: `/api/sensors/${sensor.id}`,
      file_name: 'mesures.csv',
      size: GOOD.length,
      state: 'pending',
      rows_read: 0,
      rejections: [],
      finished_at: null,
    });
    expect(res.headers.location).toBe(body['@id']);
    const job = await queue.getJob(body.id);
    expect(job?.data).toEqual({ importId: body.id });
    const got = await request(t.url).get(body['@id']).set('Cookie', owner.cookie);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: body.id, state: 'pending' });
    expect(leftovers()).toEqual([]);
  });

  it('refuses a second import of the same sensor while one is pending', async () => {
    const sensor = await newSensor();
    const file = { filename: 'a.csv', contentType: 'text/csv' };
    expect((await post(sensor.id).attach('file', Buffer.from(GOOD), file)).status).toBe(202);
    const again = await post(sensor.id).attach('file', Buffer.from(GOOD), file);
    expect(again.status).toBe(409);
    expect(again.body['hydra:description']).toBe('import_already_running');
  });

  it('refuses a file that is not a .csv with type_invalid_file', async () => {
    const sensor = await newSensor();
    const txt = await post(sensor.id)
      .set('Accept-Language', 'en')
      .attach('file', Buffer.from(GOOD), { filename: 'data.txt', contentType: 'text/plain' });
    expect(txt.status).toBe(422);
    expect(txt.body['hydra:description']).toBe('type_invalid_file');
    expect(txt.body.violations).toEqual([
      {
        propertyPath: 'file',
        code: 'type_invalid_file',
        message: 'The file is invalid, use a .csv file',
      },
    ]);
    const png = await post(sensor.id).attach('file', Buffer.from(GOOD), {
      filename: 'data.csv',
      contentType: 'image/png',
    });
    expect(png.body['hydra:description']).toBe('type_invalid_file');
    const binary = await post(sensor.id).attach('file', Buffer.from([0x50, 0x4b, 0, 0, 1]), {
      filename: 'data.csv',
      contentType: 'text/csv',
    });
    expect(binary.body['hydra:description']).toBe('type_invalid_file');
    expect(leftovers()).toEqual([]);
  });

  it('refuses a CSV whose header has no date or no known measure, with the reason', async () => {
    const sensor = await newSensor();
    const noDate = await post(sensor.id)
      .set('Accept-Language', 'en')
      .attach('file', Buffer.from('when,co2\n1,2\n'), {
        filename: 'a.csv',
        contentType: 'text/csv',
      });
    expect(noDate.status).toBe(422);
    expect(noDate.body.violations).toEqual([
      {
        propertyPath: 'file',
        code: 'import.no_date_column',
        message: 'The header has no date or timestamp column',
      },
    ]);
    const noMeasure = await post(sensor.id).attach('file', Buffer.from('date;bruit\n'), {
      filename: 'a.csv',
      contentType: 'text/csv',
    });
    expect(noMeasure.body.violations[0].code).toBe('import.no_measure_column');
  });

  it('answers type_file_not_found without a file part, or with an empty file', async () => {
    const sensor = await newSensor();
    const none = await post(sensor.id).field('other', 'x');
    expect(none.status).toBe(422);
    expect(none.body['hydra:description']).toBe('type_file_not_found');
    expect(none.body.violations[0]).toMatchObject({
      propertyPath: 'file',
      code: 'type_file_not_found',
    });
    const empty = await post(sensor.id).attach('file', Buffer.alloc(0), {
      filename: 'a.csv',
      contentType: 'text/csv',
    });
    expect(empty.body['hydra:description']).toBe('type_file_not_found');
    const json = await post(sensor.id).send({ file: 'x' });
    expect(json.status).toBe(415);
  });

  it('refuses 30 MB + 1 byte while it is still uploading, and accepts exactly 30 MB', async () => {
    const sensor = await newSensor();
    const over = await streamUpload(sensor.id, SENSOR_IMPORT_MAX_BYTES + 1);
    expect(over.status).toBe(413);
    // Far more is refused long before the end: the body stops being read at the limit.
    const flood = await streamUpload(sensor.id, 2 * SENSOR_IMPORT_MAX_BYTES);
    expect(flood.status).toBe(413);
    expect(flood.sent).toBeLessThan(1.5 * SENSOR_IMPORT_MAX_BYTES);
    expect(leftovers()).toEqual([]);

    // With a Content-Length far over the limit nothing is read at all.
    const declared = await post(sensor.id)
      .attach('file', Buffer.alloc(SENSOR_IMPORT_MAX_BYTES + 200_000, 0x31), {
        filename: 'big.csv',
        contentType: 'text/csv',
      })
      .catch(
        (err: { status?: number; response?: { status: number; body: unknown } }) => err.response!,
      );
    expect(declared.status).toBe(413);
    expect((declared.body as { 'hydra:description': string })['hydra:description']).toBe(
      'import-size',
    );

    const exact = await streamUpload(sensor.id, SENSOR_IMPORT_MAX_BYTES);
    expect(exact.status).toBe(202);
    const [row] = (
      await t.db.$client.query('SELECT size FROM sensor_imports WHERE sensor_id = $1', [sensor.id])
    ).rows as { size: string }[];
    expect(Number(row!.size)).toBe(SENSOR_IMPORT_MAX_BYTES);
  }, 60_000);

  it('answers 401 signed out, 404 for a sensor the user cannot see, and checks the origin', async () => {
    const sensor = await newSensor();
    const file = { filename: 'a.csv', contentType: 'text/csv' };
    expect((await post(sensor.id, null).attach('file', Buffer.from(GOOD), file)).status).toBe(401);
    const hidden = await post(sensor.id, stranger).attach('file', Buffer.from(GOOD), file);
    expect(hidden.status).toBe(404);
    expect(
      (await post('01J9Z3Q6ZP7V8W2M4K5N6R7S8T').attach('file', Buffer.from(GOOD), file)).status,
    ).toBe(404);
    const csrf = await post(sensor.id)
      .set('Origin', 'https://evil.example')
      .attach('file', Buffer.from(GOOD), file);
    expect(csrf.status).toBe(403);
    expect(csrf.body['hydra:description']).toBe('csrf_origin');
    const count = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM sensor_imports WHERE sensor_id = $1',
      [sensor.id],
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('lets technicians and admins import into any sensor', async () => {
    const sensor = await newSensor();
    const admin = await signIn(t, 'ROLE_ADMIN');
    const res = await post(sensor.id, admin).attach('file', Buffer.from(GOOD), {
      filename: 'a.csv',
      contentType: 'text/csv',
    });
    expect(res.status).toBe(202);
  });
});

describe('GET /api/sensors/{ulid}/imports and /api/sensor_imports/{id}', () => {
  it("lists a sensor's imports latest first, hides them from others", async () => {
    const sensor = await newSensor();
    const ids: string[] = [];
    for (const name of ['first.csv', 'second.csv']) {
      const res = await post(sensor.id).attach('file', Buffer.from(GOOD), {
        filename: name,
        contentType: 'text/csv',
      });
      ids.push(res.body.id);
      // One running import at a time: finish this one as the worker would.
      await t.db.$client.query(`UPDATE sensor_imports SET state = 'completed' WHERE id = $1`, [
        res.body.id,
      ]);
    }
    const list = await request(t.url)
      .get(`/api/sensors/${sensor.id}/imports`)
      .set('Cookie', owner.cookie);
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(2);
    expect(list.body['hydra:member'].map((i: SensorImport) => i.file_name)).toEqual([
      'second.csv',
      'first.csv',
    ]);

    expect(
      (await request(t.url).get(`/api/sensors/${sensor.id}/imports`).set('Cookie', stranger.cookie))
        .status,
    ).toBe(404);
    expect(
      (await request(t.url).get(`/api/sensor_imports/${ids[0]}`).set('Cookie', stranger.cookie))
        .status,
    ).toBe(404);
    expect((await request(t.url).get(`/api/sensor_imports/${ids[0]}`)).status).toBe(401);
    expect(
      (await request(t.url).get('/api/sensor_imports/not-an-id').set('Cookie', owner.cookie))
        .status,
    ).toBe(404);
    const bad = await request(t.url)
      .get(`/api/sensors/${sensor.id}/imports?page=0`)
      .set('Cookie', owner.cookie);
    expect(bad.status).toBe(422);
  });
});

describe('DELETE /api/sensor_imports/{id}', () => {
  it('cancels a running import: its rows are removed and the roll-up recomputed', async () => {
    const sensor = await newSensor();
    const res = await post(sensor.id).attach('file', Buffer.from(GOOD), {
      filename: 'a.csv',
      contentType: 'text/csv',
    });
    const id = res.body.id as string;
    // As if the worker had stored one batch.
    await t.db.$client.query(
      `UPDATE sensor_imports SET state = 'running', rows_stored = 1 WHERE id = $1`,
      [id],
    );
    await t.db.$client.query(
      `INSERT INTO sensor_measures (sensor_id, ts, co2, import_id) VALUES ($1, '2026-11-20T09:00:00Z', 400, $2)`,
      [sensor.id, id],
    );
    await t.db.$client.query(
      `INSERT INTO sensor_measures_hourly (sensor_id, hour, samples, co2_avg, co2_min, co2_max, co2_n)
       VALUES ($1, '2026-11-20T09:00:00Z', 1, 400, 400, 400, 1)`,
      [sensor.id],
    );

    expect(
      (await request(t.url).delete(`/api/sensor_imports/${id}`).set('Cookie', stranger.cookie))
        .status,
    ).toBe(404);
    const csrf = await request(t.url)
      .delete(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie)
      .set('Origin', 'https://evil.example');
    expect(csrf.status).toBe(403);

    const cancelled = await request(t.url)
      .delete(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, state: 'cancelled' });
    expect(cancelled.body.finished_at).not.toBeNull();
    const rows = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM sensor_measures WHERE sensor_id = $1',
      [sensor.id],
    );
    expect(rows.rows[0].n).toBe(0);
    const hours = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM sensor_measures_hourly WHERE sensor_id = $1',
      [sensor.id],
    );
    expect(hours.rows[0].n).toBe(0);

    const again = await request(t.url)
      .delete(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie)
      .set('Accept-Language', 'en');
    expect(again.status).toBe(409);
    expect(again.body['hydra:description']).toBe('cancel-import');
    expect(again.body['hydra:title']).toBe('This import can no longer be cancelled or undone');

    // The sensor is free for a new import.
    const next = await post(sensor.id).attach('file', Buffer.from(GOOD), {
      filename: 'b.csv',
      contentType: 'text/csv',
    });
    expect(next.status).toBe(202);
  });
});

const AIRTHINGS = [
  'recorded;RADON_SHORT_TERM_AVG Bq/m3;TEMP °F;HUMIDITY %;PRESSURE hPa;CO2 ppm;VOC ppb',
  '2026-07-01T00:00:00;12;71.6;45;1013.2;612;120',
  'yesterday;12;71.6;45;1013.2;612;120',
  '2026-07-01T01:00:00;15;68;47;1012.8;598;110',
].join('\n');

describe('POST /api/sensors/{ulid}/imports?dry_run=1', () => {
  it('Airthings export: answers the vendor, the mapping and the first rows, and stores nothing', async () => {
    const sensor = await newSensor();
    const res = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports?dry_run=1`)
      .set('Cookie', owner.cookie)
      .attach('file', Buffer.from(AIRTHINGS), {
        filename: 'airthings.csv',
        contentType: 'text/csv',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      '@type': 'SensorImportPreview',
      file_name: 'airthings.csv',
      vendor: 'airthings',
      time_zone: 'Europe/Paris',
      time_zone_source: 'owner',
      rows_read: 3,
      rejections: [{ line: 3, reason: 'import.bad_date', column: 'recorded' }],
    });
    expect(res.body.columns).toContainEqual({
      column: 'TEMP °F',
      measure: 'temperature',
      quantity: 'temperature',
      unit: '°F',
      conversion: '°F → °C',
      status: 'stored',
      reason: null,
    });
    expect(res.body.rows[0]).toEqual({
      line: 2,
      ts: '2026-06-30T22:00:00.000Z',
      temperature: 22,
      humidity: 45,
      co2: 612,
      tvoc: 120,
    });
    const stored = await t.db.$client.query(
      'SELECT (SELECT count(*)::int FROM sensor_imports WHERE sensor_id = $1) AS imports, ' +
        '(SELECT count(*)::int FROM sensor_measures WHERE sensor_id = $1) AS rows',
      [sensor.id],
    );
    expect(stored.rows[0]).toEqual({ imports: 0, rows: 0 });
    expect(leftovers()).toEqual([]);
  });

  it('refuses a file without a known time column with its reason, 401 signed out, 404 to others', async () => {
    const sensor = await newSensor();
    const bad = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports?dry_run=1`)
      .set('Cookie', owner.cookie)
      .attach('file', Buffer.from('when,co2\n1,2\n'), {
        filename: 'x.csv',
        contentType: 'text/csv',
      });
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]).toMatchObject({
      propertyPath: 'file',
      code: 'import.no_date_column',
    });
    const anonymous = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports?dry_run=1`)
      .attach('file', Buffer.from(AIRTHINGS), { filename: 'a.csv', contentType: 'text/csv' });
    expect(anonymous.status).toBe(401);
    const other = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports?dry_run=1`)
      .set('Cookie', stranger.cookie)
      .attach('file', Buffer.from(AIRTHINGS), { filename: 'a.csv', contentType: 'text/csv' });
    expect(other.status).toBe(404);
    const wrong = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports?dry_run=maybe`)
      .set('Cookie', owner.cookie)
      .attach('file', Buffer.from(AIRTHINGS), { filename: 'a.csv', contentType: 'text/csv' });
    expect(wrong.status).toBe(422);
  });

  it('records the vendor and the zone on the import it starts', async () => {
    const sensor = await newSensor();
    const res = await post(sensor.id).attach('file', Buffer.from(AIRTHINGS), {
      filename: 'airthings.csv',
      contentType: 'text/csv',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ vendor: 'airthings', time_zone: 'Europe/Paris' });
  });
});

describe('DELETE /api/sensor_imports/{id} on a completed import (undo)', () => {
  it('removes exactly the rows it stored, keeps the device rows, and marks it reverted', async () => {
    const sensor = await newSensor();
    const res = await post(sensor.id).attach('file', Buffer.from(GOOD), {
      filename: 'done.csv',
      contentType: 'text/csv',
    });
    const id = res.body.id as string;
    // As if the worker had completed: one row of its own; the device's row at 10:00 was kept.
    await t.db.$client.query(
      `UPDATE sensor_imports SET state = 'completed', rows_stored = 1, rows_duplicate = 1,
         finished_at = now() WHERE id = $1`,
      [id],
    );
    await t.db.$client.query(
      `INSERT INTO sensor_measures (sensor_id, ts, co2, import_id) VALUES
         ($1, '2026-11-20T09:00:00Z', 400, $2), ($1, '2026-11-20T10:00:00Z', 500, NULL)`,
      [sensor.id, id],
    );
    await t.db.$client.query(
      `INSERT INTO sensor_measures_hourly (sensor_id, hour, samples, co2_avg, co2_min, co2_max, co2_n)
       VALUES ($1, '2026-11-20T09:00:00Z', 1, 400, 400, 400, 1)`,
      [sensor.id],
    );

    const share = await request(t.url).delete(`/api/sensor_imports/${id}`);
    expect(share.status).toBe(401);
    const undone = await request(t.url)
      .delete(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id, state: 'reverted', rows_stored: 1 });
    expect(undone.body.reverted_at).not.toBeNull();
    const rows = await t.db.$client.query<{ co2: number }>(
      'SELECT co2 FROM sensor_measures WHERE sensor_id = $1 ORDER BY ts',
      [sensor.id],
    );
    expect(rows.rows.map((r) => r.co2)).toEqual([500]);
    const hours = await t.db.$client.query(
      `SELECT count(*)::int AS n FROM sensor_measures_hourly
        WHERE sensor_id = $1 AND hour = '2026-11-20T09:00:00Z'`,
      [sensor.id],
    );
    expect(hours.rows[0].n).toBe(0);

    const again = await request(t.url)
      .delete(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie);
    expect(again.status).toBe(409);
    const listed = await request(t.url)
      .get(`/api/sensor_imports/${id}`)
      .set('Cookie', owner.cookie);
    expect(listed.body.state).toBe('reverted');
  });
});
