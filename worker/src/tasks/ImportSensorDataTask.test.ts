import { Writable } from 'node:stream';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoClass, type SensorImport } from '@aircloud/shared/sensors';
import { flushSamples } from '@aircloud/core/telemetry/sample-store';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { insertUser } from '@aircloud/core/users/repository';
import { insertSensorImport } from '@aircloud/core/sensor-imports/repository';
import { sensorImportDir } from '@aircloud/core/sensor-imports/paths';
import { cancelImportTransaction } from '@aircloud/core/sensor-imports/store';
import { copySensorExport } from '@aircloud/core/telemetry/export';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { parseMailMessage, renderMail } from '../mail/render.ts';
import { createTestDatabase, memoryLogger } from '../../test/harness.ts';
import { createImportSensorDataTask } from './ImportSensorDataTask.ts';
import { createRollupSamplesTask } from './RollupSamplesTask.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let uploadDir: string;
let userId: string;

/** Events pushed through the (fake) Socket.IO emitter, by room. */
const events: { room: string; event: string; body: SensorImport }[] = [];
const io = {
  to: (room: string) => ({
    emit: (event: string, body: SensorImport) => events.push({ room, event, body }),
  }),
} as unknown as RealtimeServer;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-import-'));
  mkdirSync(sensorImportDir(uploadDir), { recursive: true });
  const user = await insertUser(database.db, {
    id: ulid(),
    email: `importer-${ulid().toLowerCase()}@example.com`,
    passwordHash: 'x',
    firstname: 'Marie',
    lastname: 'Curie',
    company: 'Radium',
    lang: 'en',
    role: 'ROLE_USER',
    enabled: true,
  });
  userId = user.id;
});
afterAll(async () => {
  await database?.drop();
  rmSync(uploadDir, { recursive: true, force: true });
});

let serial = 0;
async function newSensor() {
  serial += 1;
  const { sensor } = await provisionSensor(database.db, {
    serialNumber: `IMPORT-${serial}-${ulid()}`,
    userId,
  });
  return sensor;
}

/** Records an import of `content` (as the server does) and answers its id. */
async function upload(sensorId: string, content: string | Buffer, fileName = 'data.csv') {
  const id = ulid();
  writeFileSync(join(sensorImportDir(uploadDir), `${id}.csv`), content);
  await insertSensorImport(database.db, {
    id,
    sensorId,
    userId,
    fileName,
    storedFileName: `${id}.csv`,
    size: Buffer.byteLength(content),
  });
  return id;
}

function task(options: Partial<Parameters<typeof createImportSensorDataTask>[0]> = {}) {
  return createImportSensorDataTask({
    db: database.db,
    logger: memoryLogger().logger,
    uploadDir,
    publicUrl: 'http://aircloud.test',
    io,
    ...options,
  });
}

const job = (importId: string, attemptsMade = 0) => ({
  data: { importId },
  attemptsMade,
  opts: { attempts: 3 },
});

async function importRow(id: string) {
  const { rows } = await database.db.$client.query(
    `SELECT state, rows_read, rows_stored, rows_duplicate, rows_rejected, rejections, error,
            bytes_read, size, line_reached, finished_at FROM sensor_imports WHERE id = $1`,
    [id],
  );
  return rows[0] as {
    state: string;
    rows_read: number;
    rows_stored: number;
    rows_duplicate: number;
    rows_rejected: number;
    rejections: { line: number; reason: string; column?: string }[];
    error: string | null;
    bytes_read: string;
    size: string;
    line_reached: number;
    finished_at: Date | null;
  };
}

async function storedRows(sensorId: string) {
  const { rows } = await database.db.$client.query(
    `SELECT extract(epoch FROM ts)::float8 * 1000 AS ms, co2, pm25, temperature, iso, batch_id,
            import_id FROM sensor_measures WHERE sensor_id = $1 ORDER BY ts`,
    [sensorId],
  );
  return rows as {
    ms: number;
    co2: number | null;
    pm25: number | null;
    temperature: number | null;
    iso: number | null;
    batch_id: string | null;
    import_id: string | null;
  }[];
}

/** The hourly roll-up as stored, beside the same figures computed now from the raw rows. */
async function rollupVersusRaw(sensorId: string) {
  const q = async (text: string) =>
    (await database.db.$client.query(text, [sensorId])).rows.map((r: Record<string, unknown>) => ({
      hour: new Date(r.hour as string).toISOString(),
      samples: Number(r.samples),
      co2_avg: r.co2_avg === null ? null : Math.round(Number(r.co2_avg) * 1000) / 1000,
      co2_min: r.co2_min === null ? null : Number(r.co2_min),
      co2_max: r.co2_max === null ? null : Number(r.co2_max),
      co2_n: Number(r.co2_n),
    }));
  const stored = await q(
    `SELECT hour, samples, co2_avg, co2_min, co2_max, co2_n FROM sensor_measures_hourly
      WHERE sensor_id = $1 ORDER BY hour`,
  );
  const raw = await q(
    `SELECT date_trunc('hour', ts, 'UTC') AS hour, count(*) AS samples, avg(co2) AS co2_avg,
            min(co2) AS co2_min, max(co2) AS co2_max, count(co2) AS co2_n
       FROM sensor_measures WHERE sensor_id = $1 GROUP BY 1 ORDER BY 1`,
  );
  return { stored, raw };
}

describe('ImportSensorData task', () => {
  it('imports a good file: rows stored without batch id, roll-up, progress events, one mail', async () => {
    const sensor = await newSensor();
    const id = await upload(
      sensor.id,
      [
        'date,co2 (ppm),pm2.5 (µg/m3),temperature (°C),pc05 (pcs/L),pc5 (pcs/L),iso (ISO)',
        '20/11/2026 10:00,400,5.5,21.5,3.5,0,9',
        '20/11/2026 10:30,600,,22,,,',
        '20/11/2026 11:00:30,800,7,,,,',
      ].join('\r\n') + '\r\n',
    );
    events.length = 0;
    expect(await task()(job(id))).toEqual({ status: 'completed', rowsRead: 3 });

    const report = await importRow(id);
    expect(report).toMatchObject({
      state: 'completed',
      rows_read: 3,
      rows_stored: 3,
      rows_duplicate: 0,
      rows_rejected: 0,
      rejections: [],
      line_reached: 4,
    });
    expect(report.bytes_read).toBe(report.size);
    expect(report.finished_at).not.toBeNull();

    const rows = await storedRows(sensor.id);
    // Paris is UTC+1 in November: 10:00 local is 09:00 UTC. iso comes from pc05/pc5 (not the file).
    expect(rows.map((r) => new Date(r.ms).toISOString())).toEqual([
      '2026-11-20T09:00:00.000Z',
      '2026-11-20T09:30:00.000Z',
      '2026-11-20T10:00:30.000Z',
    ]);
    expect(rows[0]).toMatchObject({ co2: 400, pm25: 5.5, temperature: 21.5, iso: 5 });
    expect(rows.every((r) => r.batch_id === null && r.import_id === id)).toBe(true);

    const { stored, raw } = await rollupVersusRaw(sensor.id);
    expect(stored).toEqual(raw);
    expect(stored[0]).toMatchObject({ samples: 2, co2_avg: 500, co2_min: 400, co2_max: 600 });

    const last = events.at(-1)!;
    expect(last.room).toBe(`sensor:${sensor.id}`);
    expect(last.event).toBe('sensor-import:updated');
    expect(last.body).toMatchObject({ '@type': 'SensorImport', id, state: 'completed' });
    expect(events[0]!.body.state).toBe('running');

    const mails = await database.db.execute<{ template: string; lang: string; to: string }>(
      sql`SELECT template, lang, "to" FROM mails WHERE data->>'file' = 'data.csv'
            AND template = 'sensor_import' AND data->>'link' LIKE ${`%${sensor.id}`}`,
    );
    expect(mails.rows).toEqual([
      expect.objectContaining({ template: 'sensor_import', lang: 'en' }),
    ]);

    // A duplicated job finds the import finished and does nothing.
    expect(await task()(job(id))).toEqual({ status: 'skipped' });
  });

  it('rejects bad lines with their line numbers and reasons and mails the report', async () => {
    const sensor = await newSensor();
    const id = await upload(
      sensor.id,
      [
        'timestamp,co2 (ppm),humidity (%HR)',
        '2026-11-20T10:00:00Z,400,50', // 2
        'yesterday,400,50', // 3 bad date
        '2026-11-20T10:02:00Z,12000,50', // 4 co2 out of range
        '2026-11-20T10:03:00Z,abc,50', // 5 not numeric
        '2026-11-20T10:04:00Z,,', // 6 no measure
        '',
        '2026-11-20T10:05:00+01:00,450,101', // 8 humidity out of range
        '2026-11-20T10:06:00+01:00,500,40', // 9
      ].join('\n'),
    );
    await task()(job(id));
    const report = await importRow(id);
    expect(report).toMatchObject({
      state: 'completed',
      rows_read: 7,
      rows_stored: 2,
      rows_rejected: 5,
      rejections: [
        { line: 3, reason: 'import.bad_date', column: 'timestamp' },
        { line: 4, reason: 'import.out_of_range', column: 'co2 (ppm)' },
        { line: 5, reason: 'import.not_numeric', column: 'co2 (ppm)' },
        { line: 6, reason: 'import.no_measure' },
        { line: 8, reason: 'import.out_of_range', column: 'humidity (%HR)' },
      ],
    });

    const [mail] = (
      await database.db.execute<{ template: string; data: unknown }>(
        sql`SELECT template, data FROM mails WHERE data->>'link' LIKE ${`%${sensor.id}`}`,
      )
    ).rows;
    const en = renderMail(parseMailMessage(mail!.template, mail!.data), 'en');
    expect(en.subject).toBe('Your sensor data import is complete');
    expect(en.text).toContain('Rows read: 7');
    expect(en.text).toContain('Rows stored: 2');
    expect(en.text).toContain('Duplicates skipped (already stored): 0');
    expect(en.text).toContain('Rows rejected: 5');
    expect(en.text).toContain('- Line 4 (co2 (ppm)): The value is outside the accepted range');
    expect(en.text).toContain('- Line 6: No measure on this line');
    expect(en.text).toContain(`http://aircloud.test/sensors/${sensor.id}`);
    expect(en.html).toContain('Line 3 (timestamp): Invalid date');
    const fr = renderMail(parseMailMessage(mail!.template, mail!.data), 'fr');
    expect(fr.text).toContain('Lignes rejetées : 5');
    expect(fr.text).toContain("- Ligne 5 (co2 (ppm)) : La valeur n'est pas un nombre");
  });

  it('keeps only the first 100 rejections but counts them all', async () => {
    const sensor = await newSensor();
    const lines = ['date;co2'];
    for (let i = 0; i < 150; i += 1) lines.push(`bad;${i}`);
    lines.push('20/11/2026 10:00;400');
    const id = await upload(sensor.id, lines.join('\n'));
    await task({ batchSize: 20 })(job(id));
    const report = await importRow(id);
    expect(report).toMatchObject({ rows_read: 151, rows_rejected: 150, rows_stored: 1 });
    expect(report.rejections).toHaveLength(100);
    expect(report.rejections.at(-1)).toEqual({
      line: 101,
      reason: 'import.bad_date',
      column: 'date',
    });
  });

  it('reads semicolons and decimal commas', async () => {
    const sensor = await newSensor();
    const id = await upload(
      sensor.id,
      '\uFEFFDate;CO2 (ppm);Temperature (°C);PM2.5\n20/11/2026 10:00;415;21,5;3,25\n',
    );
    await task()(job(id));
    expect(await importRow(id)).toMatchObject({ state: 'completed', rows_stored: 1 });
    expect((await storedRows(sensor.id))[0]).toMatchObject({
      co2: 415,
      temperature: 21.5,
      pm25: 3.25,
    });
  });

  it('skips and counts duplicates of stored samples, which keep their values', async () => {
    const sensor = await newSensor();
    const device = await flushSamples(database.db.$client, [
      { sensorId: sensor.id, ts: Date.UTC(2026, 10, 20, 9, 0), measures: { co2: 999 }, iso: null },
    ]);
    // The device flush is rolled up as in production, before the import touches the same hour.
    await createRollupSamplesTask({ db: database.db, logger: memoryLogger().logger })({
      data: {
        batchId: device.batchId,
        sensorIds: [sensor.id],
        from: new Date(Date.UTC(2026, 10, 20, 9, 0)).toISOString(),
        to: new Date(Date.UTC(2026, 10, 20, 9, 0)).toISOString(),
      },
    });
    const id = await upload(
      sensor.id,
      'date,co2\n20/11/2026 10:00,400\n20/11/2026 10:01,410\n20/11/2026 10:01,420\n',
    );
    await task()(job(id));
    expect(await importRow(id)).toMatchObject({
      rows_read: 3,
      rows_stored: 1,
      rows_duplicate: 2,
      rows_rejected: 0,
    });
    const rows = await storedRows(sensor.id);
    expect(rows.map((r) => r.co2)).toEqual([999, 410]);
    const { stored, raw } = await rollupVersusRaw(sensor.id);
    expect(stored).toEqual(raw);
    expect(stored[0]).toMatchObject({ samples: 2, co2_min: 410, co2_max: 999 });
  });

  it('never double-counts a device flush rolled up after an import touched its hour', async () => {
    const sensor = await newSensor();
    const at = Date.UTC(2026, 10, 20, 9, 5);
    const device = await flushSamples(database.db.$client, [
      { sensorId: sensor.id, ts: at, measures: { co2: 1000 }, iso: null },
    ]);
    // The import recomputes the hour while the flush's roll-up job has not run yet...
    const id = await upload(sensor.id, 'date,co2\n20/11/2026 10:10,400\n20/11/2026 10:20,600\n');
    await task()(job(id));
    expect((await rollupVersusRaw(sensor.id)).stored[0]).toMatchObject({ samples: 2 });
    // ...then the job adds the flush once: the hour matches the raw rows.
    await createRollupSamplesTask({ db: database.db, logger: memoryLogger().logger })({
      data: {
        batchId: device.batchId,
        sensorIds: [sensor.id],
        from: new Date(at).toISOString(),
        to: new Date(at).toISOString(),
      },
    });
    const { stored, raw } = await rollupVersusRaw(sensor.id);
    expect(stored).toEqual(raw);
    expect(stored[0]).toMatchObject({ samples: 3, co2_min: 400, co2_max: 1000 });
  });

  it('reads back the export format, the repeated October hour told apart by the timestamp', async () => {
    const sensor = await newSensor();
    const id = await upload(
      sensor.id,
      [
        'date,timestamp,co2 (ppm),pm25 (µg/m3),iso (ISO)',
        '25/10/2026 01:30,2026-10-24T23:30:00.000Z,401,1,',
        '25/10/2026 02:30,2026-10-25T00:30:00.000Z,402,2,',
        '25/10/2026 02:30,2026-10-25T01:30:00.000Z,403,3,',
        '25/10/2026 03:30,2026-10-25T02:30:00.000Z,404,4,',
        // Without a timestamp, the repeated hour is its first occurrence (summer time)...
        '25/10/2026 02:45,,405,5,',
        // ...and a time skipped in March does not exist.
        '29/03/2026 02:30,,406,6,',
      ].join('\n'),
    );
    await task()(job(id));
    const report = await importRow(id);
    expect(report).toMatchObject({ rows_stored: 5, rows_rejected: 1 });
    expect(report.rejections).toEqual([{ line: 7, reason: 'import.bad_date', column: 'date' }]);
    expect((await storedRows(sensor.id)).map((r) => [new Date(r.ms).toISOString(), r.co2])).toEqual(
      [
        ['2026-10-24T23:30:00.000Z', 401],
        ['2026-10-25T00:30:00.000Z', 402],
        ['2026-10-25T00:45:00.000Z', 405],
        ['2026-10-25T01:30:00.000Z', 403],
        ['2026-10-25T02:30:00.000Z', 404],
      ],
    );
  });

  it('fails a file whose header has no date or no known measure, with the reason', async () => {
    const sensor = await newSensor();
    const noDate = await upload(sensor.id, 'when,co2\n20/11/2026 10:00,400\n');
    expect(await task()(job(noDate))).toMatchObject({ status: 'failed' });
    expect(await importRow(noDate)).toMatchObject({
      state: 'failed',
      error: 'import.no_date_column',
    });
    const noMeasure = await upload(sensor.id, 'date,noise\n20/11/2026 10:00,40\n');
    await task()(job(noMeasure));
    expect(await importRow(noMeasure)).toMatchObject({ error: 'import.no_measure_column' });
    const empty = await upload(sensor.id, '\n\n');
    await task()(job(empty));
    expect(await importRow(empty)).toMatchObject({ error: 'import.empty_file' });
    expect(await storedRows(sensor.id)).toEqual([]);
  });

  it('stores rows older than the existing partitions', async () => {
    const sensor = await newSensor();
    const id = await upload(sensor.id, 'date,co2\n15/06/2019 12:00,400\n15/01/2021 12:00,500\n');
    await task()(job(id));
    expect(await importRow(id)).toMatchObject({ rows_stored: 2, rows_rejected: 0 });
    const { rows } = await database.db.$client.query(
      `SELECT tableoid::regclass::text AS part FROM sensor_measures WHERE sensor_id = $1 ORDER BY ts`,
      [sensor.id],
    );
    expect(rows.map((r: { part: string }) => r.part)).toEqual([
      'sensor_measures_y2019m06',
      'sensor_measures_y2021m01',
    ]);
  });

  it('stops at a cancel between batches: the rows it stored are gone, the roll-up is right', async () => {
    const sensor = await newSensor();
    // A device sample in the first hour of the file stays.
    const device = await flushSamples(database.db.$client, [
      {
        sensorId: sensor.id,
        ts: Date.UTC(2026, 10, 1, 0, 0, 30),
        measures: { co2: 1000 },
        iso: null,
      },
    ]);
    await createRollupSamplesTask({ db: database.db, logger: memoryLogger().logger })({
      data: {
        batchId: device.batchId,
        sensorIds: [sensor.id],
        from: new Date(Date.UTC(2026, 10, 1, 0, 0, 30)).toISOString(),
        to: new Date(Date.UTC(2026, 10, 1, 0, 0, 30)).toISOString(),
      },
    });
    const lines = ['timestamp,co2'];
    for (let i = 0; i < 500; i += 1)
      lines.push(`${new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString()},${400 + i}`);
    const id = await upload(sensor.id, lines.join('\n'));
    const run = task({
      batchSize: 100,
      afterBatch: async (batch) => {
        if (batch === 2) {
          // The rows of two batches are stored and rolled up at this point.
          expect((await storedRows(sensor.id)).length).toBe(201);
          expect(await cancelImportTransaction(database.db.$client, id, sensor.id)).toBe(true);
        }
      },
    });
    expect(await run(job(id))).toMatchObject({ status: 'cancelled' });
    expect(await importRow(id)).toMatchObject({ state: 'cancelled', line_reached: 201 });
    expect((await storedRows(sensor.id)).map((r) => r.co2)).toEqual([1000]);
    const { stored, raw } = await rollupVersusRaw(sensor.id);
    expect(stored).toEqual(raw);
    expect(stored).toEqual([expect.objectContaining({ samples: 1, co2_avg: 1000 })]);
    // Cancelling again is refused (finished).
    expect(await cancelImportTransaction(database.db.$client, id, sensor.id)).toBe(false);
  });

  it('resumes after a worker died mid-import, without duplicate rows or counts', async () => {
    const sensor = await newSensor();
    const lines = ['date,co2 (ppm)'];
    for (let i = 0; i < 1000; i += 1) {
      const t = new Date(Date.UTC(2026, 10, 2, 0, 0) + i * 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      lines.push(
        `${p(t.getUTCDate())}/${p(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())},${i % 7 === 0 ? 'x' : 400 + (i % 50)}`,
      );
    }
    const id = await upload(sensor.id, lines.join('\n'));
    const dying = task({
      batchSize: 100,
      afterBatch: (batch) => {
        if (batch === 3) throw new Error('SIGKILL');
      },
    });
    await expect(dying(job(id, 0))).rejects.toThrow('SIGKILL');
    const mid = await importRow(id);
    expect(mid.state).toBe('running');
    expect(mid.rows_stored).toBe(300);
    expect((await storedRows(sensor.id)).length).toBe(300);

    expect(await task({ batchSize: 100 })(job(id, 1))).toMatchObject({ status: 'completed' });
    const report = await importRow(id);
    const bad = Math.ceil(1000 / 7);
    expect(report).toMatchObject({
      state: 'completed',
      rows_read: 1000,
      rows_stored: 1000 - bad,
      rows_duplicate: 0,
      rows_rejected: bad,
    });
    expect(new Set(report.rejections.map((r) => r.line)).size).toBe(100);
    expect((await storedRows(sensor.id)).length).toBe(1000 - bad);
    const { stored, raw } = await rollupVersusRaw(sensor.id);
    expect(stored).toEqual(raw);
    const mails = await database.db.execute(
      sql`SELECT 1 FROM mails WHERE data->>'link' LIKE ${`%${sensor.id}`}`,
    );
    expect(mails.rows).toHaveLength(1);
  });

  it('fails cleanly after its last attempt: state failed, its rows removed', async () => {
    const sensor = await newSensor();
    const lines = ['timestamp,co2'];
    for (let i = 0; i < 300; i += 1)
      lines.push(`${new Date(Date.UTC(2026, 10, 3) + i * 60_000).toISOString()},${400 + i}`);
    const id = await upload(sensor.id, lines.join('\n'));
    const broken = task({
      batchSize: 100,
      afterBatch: (batch) => {
        if (batch === 2) throw new Error('database gone');
      },
    });
    expect(await broken(job(id, 2))).toMatchObject({ status: 'failed' });
    expect(await importRow(id)).toMatchObject({ state: 'failed', error: 'import.failed' });
    expect(await storedRows(sensor.id)).toEqual([]);
    expect((await rollupVersusRaw(sensor.id)).stored).toEqual([]);
  });

  it('PurpleAir SD card file: °F and counts per dL stored in our units, resumed after a kill', async () => {
    const sensor = await newSensor();
    const lines = [
      'UTCDateTime,mac_address,firmwarever,hardwarever,current_temp_f,current_humidity,current_dewpoint_f,pressure,pm1_0_atm,pm2_5_atm,pm10_0_atm,p_0_3_um,p_0_5_um,p_1_0_um,p_2_5_um,p_5_0_um,p_10_0_um,pm2_5_atm_b',
    ];
    for (let i = 0; i < 500; i += 1) {
      const t = new Date(Date.UTC(2026, 6, 1) + i * 120_000).toISOString();
      const stamp = `${t.slice(0, 10).replace(/-/g, '/')}T${t.slice(11, 19)}z`;
      lines.push(
        `${stamp},84:f3:eb:00:00:01,6.01,2.0,77,40,51,1009.5,3,5,6,900,260,40,3,0.6,0.2,99`,
      );
    }
    const id = await upload(sensor.id, lines.join('\r\n'), 'purpleair.csv');
    const dying = task({
      batchSize: 100,
      afterBatch: (batch) => {
        if (batch === 2) throw new Error('SIGKILL');
      },
    });
    await expect(dying(job(id, 0))).rejects.toThrow('SIGKILL');
    await task({ batchSize: 100 })(job(id, 1));
    expect(await importRow(id)).toMatchObject({
      state: 'completed',
      rows_read: 500,
      rows_stored: 500,
      rows_rejected: 0,
    });
    const rows = await storedRows(sensor.id);
    expect(rows).toHaveLength(500);
    expect(rows[0]).toMatchObject({ ms: Date.UTC(2026, 6, 1), temperature: 25, pm25: 5 });
    const { rows: counts } = await database.db.$client.query(
      'SELECT pc03, pc05, pc10 FROM sensor_measures WHERE sensor_id = $1 LIMIT 1',
      [sensor.id],
    );
    expect(counts[0]).toEqual({ pc03: 9000, pc05: 2600, pc10: 2 });
  });

  it('Aranet4 app file: times without offset read in the zone recorded at upload', async () => {
    const sensor = await newSensor();
    const id = ulid();
    const content = [
      'Time(dd/mm/yyyy),Carbon dioxide(ppm),Temperature(°F),Relative humidity(%),Atmospheric pressure(hPa)',
      '01/07/2026 14:05:00,612,71.6,45,1013',
    ].join('\n');
    writeFileSync(join(sensorImportDir(uploadDir), `${id}.csv`), content);
    await insertSensorImport(database.db, {
      id,
      sensorId: sensor.id,
      userId,
      fileName: 'aranet.csv',
      storedFileName: `${id}.csv`,
      size: Buffer.byteLength(content),
      timeZone: 'America/New_York',
      vendor: 'aranet4',
    });
    await task()(job(id));
    expect(await importRow(id)).toMatchObject({ state: 'completed', rows_stored: 1 });
    expect((await storedRows(sensor.id))[0]).toMatchObject({
      ms: Date.UTC(2026, 6, 1, 18, 5),
      co2: 612,
      temperature: 22,
    });
  });

  it('imports a generated 30 MB file completely', { timeout: 300_000 }, async () => {
    const sensor = await newSensor();
    const id = ulid();
    const path = join(sensorImportDir(uploadDir), `${id}.csv`);
    const out = createWriteStream(path);
    const limit = 30 * 1024 * 1024;
    let size = 0;
    let rows = 0;
    const write = async (line: string) => {
      size += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, 'drain');
    };
    await write(
      'date,timestamp,co2 (ppm),pm1 (µg/m3),pm25 (µg/m3),pm10 (µg/m3),temperature (°C),humidity (%HR),tvoc (ppb),pc05 (pcs/L),pc5 (pcs/L)\n',
    );
    const start = Date.UTC(2026, 0, 1);
    for (;;) {
      const t = new Date(start + rows * 60_000);
      const line = `01/01/2026 00:00,${t.toISOString()},${400 + (rows % 800)},${rows % 40},${(rows % 90) / 2},${rows % 120},${(18 + (rows % 80) / 10).toFixed(1)},${30 + (rows % 50)},${rows % 900},${rows % 5000},${rows % 30}\n`;
      if (size + Buffer.byteLength(line) > limit) break;
      await write(line);
      rows += 1;
    }
    out.end();
    await once(out, 'close');
    await insertSensorImport(database.db, {
      id,
      sensorId: sensor.id,
      userId,
      fileName: 'big.csv',
      storedFileName: `${id}.csv`,
      size,
    });
    const started = performance.now();
    expect(await task()(job(id))).toMatchObject({ status: 'completed', rowsRead: rows });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `30 MB import: ${(size / 1024 / 1024).toFixed(1)} MB, ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`,
    );
    expect(await importRow(id)).toMatchObject({ rows_stored: rows, rows_rejected: 0 });
    const { rows: count } = await database.db.$client.query(
      'SELECT count(*)::int AS n FROM sensor_measures WHERE sensor_id = $1',
      [sensor.id],
    );
    expect(count[0].n).toBe(rows);
  });

  it(
    'Airthings dashboard export of 30 MB streams: °F converted, Paris wall clock, spring gap rejected',
    { timeout: 300_000 },
    async () => {
      const sensor = await newSensor();
      const id = ulid();
      const path = join(sensorImportDir(uploadDir), `${id}.csv`);
      const out = createWriteStream(path);
      const limit = 30 * 1024 * 1024;
      let size = 0;
      let rows = 0;
      const write = async (line: string) => {
        size += Buffer.byteLength(line);
        if (!out.write(line)) await once(out, 'drain');
      };
      await write(
        'recorded;RADON_SHORT_TERM_AVG Bq/m3;TEMP °F;HUMIDITY %;PRESSURE hPa;CO2 ppm;VOC ppb\n',
      );
      // Wall-clock minutes from April 2025: the file crosses one autumn and one spring change.
      const start = Date.UTC(2025, 3, 1);
      for (;;) {
        const wall = new Date(start + rows * 60_000).toISOString().slice(0, 19);
        const line = `${wall};${rows % 40};${(60 + (rows % 200) / 10).toFixed(1)};${30 + (rows % 50)};1013.2;${400 + (rows % 800)};${rows % 900}\n`;
        if (size + Buffer.byteLength(line) > limit) break;
        await write(line);
        rows += 1;
      }
      out.end();
      await once(out, 'close');
      const last = start + (rows - 1) * 60_000;
      expect(last).toBeGreaterThan(Date.UTC(2026, 2, 29, 3));
      await insertSensorImport(database.db, {
        id,
        sensorId: sensor.id,
        userId,
        fileName: 'airthings-big.csv',
        storedFileName: `${id}.csv`,
        size,
        timeZone: 'Europe/Paris',
      });
      const started = performance.now();
      expect(await task()(job(id))).toMatchObject({ status: 'completed', rowsRead: rows });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `30 MB Airthings import: ${(size / 1024 / 1024).toFixed(1)} MB, ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`,
      );
      // 02:00-02:59 on 29 March 2026 does not exist in Paris: those 60 lines are bad dates.
      const report = await importRow(id);
      expect(report).toMatchObject({
        rows_stored: rows - 60,
        rows_rejected: 60,
        rows_duplicate: 0,
      });
      expect(new Set(report.rejections.map((r) => r.reason))).toEqual(new Set(['import.bad_date']));
      const { rows: sample } = await database.db.$client.query(
        `SELECT temperature FROM sensor_measures WHERE sensor_id = $1 AND ts = '2025-03-31T22:00:00Z'`,
        [sensor.id],
      );
      expect(sample[0].temperature).toBeCloseTo(15.5556, 3);
    },
  );
});

describe('export → import round trip', () => {
  it('reads back what the CSV export writes, the repeated October hour included', async () => {
    const db = database.db;
    const [source, target] = await Promise.all(
      ['RT-SRC', 'RT-DST'].map(
        async (serialNumber) => (await provisionSensor(db, { serialNumber, userId })).sensor,
      ),
    );
    // 02:30 local time twice on 25/10/2026: 00:30 UTC (summer) and 01:30 UTC (winter).
    const times = [
      '2026-10-24T22:00:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T03:15:30Z',
    ];
    await flushSamples(
      db.$client,
      times.map((ts, i) => ({
        sensorId: source!.id,
        ts: Date.parse(ts),
        measures: {
          co2: 400 + i,
          pm25: 2.5 + i,
          temperature: -3.5 + i,
          humidity: 40,
          pc05: 3.5,
          pc5: 0.1,
        },
        iso: isoClass(3.5, 0.1), // as the device API stores it
      })),
    );
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await copySensorExport(
      db,
      source!.id,
      new Date('2026-10-24T00:00:00Z'),
      new Date('2026-10-26T00:00:00Z'),
      sink,
    );
    const importId = await upload(target!.id, Buffer.concat(chunks), 'export.csv');
    const run = createImportSensorDataTask({
      db,
      logger: memoryLogger().logger,
      uploadDir,
      publicUrl: 'http://aircloud.test',
    });
    await run({ data: { importId }, attemptsMade: 0, opts: { attempts: 3 } });
    const { rows: report } = await db.$client.query(
      'SELECT state, rows_read, rows_stored, rows_rejected FROM sensor_imports WHERE id = $1',
      [importId],
    );
    expect(report[0]).toEqual({
      state: 'completed',
      rows_read: 4,
      rows_stored: 4,
      rows_rejected: 0,
    });
    const read = async (sensorId: string) =>
      (
        await db.$client.query(
          `SELECT ts, co2, pm25, temperature, humidity, pc05, pc5, iso FROM sensor_measures
            WHERE sensor_id = $1 ORDER BY ts`,
          [sensorId],
        )
      ).rows;
    expect(await read(target!.id)).toEqual(await read(source!.id));
  });
});
