import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DesiredFirmware,
  FirmwareRollout,
  FirmwareRolloutDevice,
} from '@aircloud/shared/firmware-rollouts';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { DesiredState, Purifier } from '@aircloud/shared/purifiers';
import { sweepRollouts } from '@aircloud/core/firmware/rollouts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../../test/support/purifiers.ts';

let t: TestApp;
let owner: Session;
let tech: Session;
let admin: Session;

const FILE = randomBytes(64 * 1024);
const SHA = createHash('sha256').update(FILE).digest('hex');

beforeAll(async () => {
  t = await startTestApp();
  [owner, tech, admin] = await Promise.all([
    signIn(t),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
  ]);
});
afterAll(async () => {
  await t?.stop();
});

const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

interface Device {
  id: string;
  serial: string;
  secret: string;
}

/** A claimed purifier of `model` that reported running `version`. */
async function device(model: string, version = '2.0.0'): Promise<Device> {
  const key = await exportedKey(t, tech, model);
  const purifier = await activate(t, owner, key.key);
  const secret = await claimDevice(t, key.serialNumber, key.key);
  const d = { id: purifier.ulid, serial: key.serialNumber, secret };
  await report(d, { soft_version: version });
  return d;
}

/** A purifier's report (docs/api-devices.md); answers the desired state it gets back. */
async function report(d: Device, fields: Record<string, unknown>) {
  const res = await request(t.url)
    .post('/device/v1/telemetry')
    .set('Authorization', basic(d.serial, d.secret))
    .send({ ts: new Date().toISOString(), ...fields });
  expect(res.status).toBe(200);
  return (res.body as { desired?: DesiredState }).desired;
}

/** The desired state of a purifier as its owner reads it. */
async function desiredOf(d: Device): Promise<DesiredState> {
  const res = await request(t.url).get(`/api/purifiers/${d.id}`).set('Cookie', owner.cookie);
  expect(res.status).toBe(200);
  return (res.body as Purifier).desired;
}

async function uploadFirmware(version: string, models: string) {
  const res = await request(t.url)
    .post('/api/firmwares')
    .set('Cookie', tech.cookie)
    .field('name', 'Purifier')
    .field('version', version)
    .field('models', models)
    .attach('file', FILE, {
      filename: `purifier-${version}.bin`,
      contentType: 'application/x-binary',
    });
  expect(res.status).toBe(201);
  return res.body as { ulid: string; public_url: string };
}

function start(body: Record<string, unknown>, session = tech) {
  return request(t.url).post('/api/firmware_rollouts').set('Cookie', session.cookie).send(body);
}

async function rollout(id: string): Promise<FirmwareRollout> {
  const res = await request(t.url).get(`/api/firmware_rollouts/${id}`).set('Cookie', tech.cookie);
  expect(res.status).toBe(200);
  return res.body as FirmwareRollout;
}

async function act(id: string, action: string, expected = 200) {
  const res = await request(t.url)
    .post(`/api/firmware_rollouts/${id}/${action}`)
    .set('Cookie', tech.cookie);
  expect(res.status).toBe(expected);
  return res.body as FirmwareRollout;
}

async function devicesOf(id: string): Promise<FirmwareRolloutDevice[]> {
  const res = await request(t.url)
    .get(`/api/firmware_rollouts/${id}/purifiers`)
    .set('Cookie', tech.cookie);
  expect(res.status).toBe(200);
  return (res.body as HydraCollection<FirmwareRolloutDevice>)['hydra:member'];
}

/** What the simulator's device does: downloads in two ranged parts, checks the hash. */
async function download(firmware: DesiredFirmware): Promise<Buffer> {
  const path = new URL(firmware.url).pathname;
  const half = Math.floor(firmware.size / 2);
  const first = await request(t.url)
    .get(path)
    .set('Range', `bytes=0-${half - 1}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(first.status).toBe(206);
  // The connection "broke": the download resumes where it stopped.
  const rest = await request(t.url)
    .get(path)
    .set('Range', `bytes=${half}-`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(rest.status).toBe(206);
  expect(rest.headers['content-range']).toBe(`bytes ${half}-${firmware.size - 1}/${firmware.size}`);
  return Buffer.concat([first.body as Buffer, rest.body as Buffer]);
}

describe('firmware rollouts: access and checks', () => {
  it('answers 401 signed out and 403 to a user', async () => {
    expect((await request(t.url).get('/api/firmware_rollouts')).status).toBe(401);
    const res = await request(t.url).get('/api/firmware_rollouts').set('Cookie', owner.cookie);
    expect(res.status).toBe(403);
    expect((await start({}, owner)).status).toBe(403);
  });

  it('refuses a firmware that does not fit the model, unknown or foreign purifiers, nothing to update', async () => {
    const fw = await uploadFirmware('9.0.0', 'HEPA_DOME_BLACK');
    const violations = async (body: Record<string, unknown>) => {
      const res = await start(body);
      expect(res.status).toBe(422);
      return (res.body as { violations: { propertyPath: string; code: string }[] }).violations;
    };
    expect(await violations({ model: 'HEPA_DOME_BLACK' })).toContainEqual(
      expect.objectContaining({ propertyPath: 'firmware', code: 'required' }),
    );
    expect(await violations({ firmware: fw.ulid, model: 'HEPA_COCOON' })).toContainEqual(
      expect.objectContaining({ propertyPath: 'model', code: 'firmware_model' }),
    );
    expect(await violations({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK' })).toContainEqual(
      expect.objectContaining({ propertyPath: 'purifiers', code: 'rollout_empty' }),
    );
    const other = await device('HEPA_COCOON');
    expect(
      await violations({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK', purifiers: [other.id] }),
    ).toContainEqual(expect.objectContaining({ code: 'rollout_purifier_model' }));
    expect(
      await violations({
        firmware: fw.ulid,
        model: 'HEPA_DOME_BLACK',
        purifiers: ['01JA0000000000000000000000'],
      }),
    ).toContainEqual(expect.objectContaining({ code: 'rollout_purifier_unknown' }));
    expect(
      await violations({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK', canary_percent: 0 }),
    ).toContainEqual(
      expect.objectContaining({ propertyPath: 'canary_percent', code: 'min_value' }),
    );
  });
});

describe('a rollout in stages', () => {
  it('sends the canary, then the rest once it succeeded, and completes', async () => {
    const fw = await uploadFirmware('2.5.0', 'HEPA_BULLE_BLACK');
    const devices = await Promise.all([1, 2, 3, 4].map(() => device('HEPA_BULLE_BLACK')));
    // Already on the version, or newer: not part of "every purifier on an older version".
    const current = await device('HEPA_BULLE_BLACK', '2.5.0');
    const newer = await device('HEPA_BULLE_BLACK', '3.0.0-beta.1');

    const res = await start({ firmware: fw.ulid, model: 'HEPA_BULLE_BLACK', canary_percent: 25 });
    expect(res.status).toBe(201);
    const created = res.body as FirmwareRollout;
    expect(created).toMatchObject({
      target: 'outdated',
      status: 'canary',
      stage: 'canary',
      progress: { total: 4, in_progress: 1, pending: 3 },
      canary: { total: 1, in_progress: 1 },
      created_by: { ulid: tech.user.id },
    });
    expect((await desiredOf(current)).firmware ?? null).toBeNull();
    expect((await desiredOf(newer)).firmware ?? null).toBeNull();

    const line = await devicesOf(created.ulid);
    const canary = devices.find((d) => d.id === line[0]!.purifier.ulid)!;
    expect(line[0]).toMatchObject({ stage: 'canary', status: 'in_progress', phase: 'sent' });
    expect(line[0]!.from_version).toBe('2.0.0');

    // The canary's device gets the firmware in its desired state, downloads, checks, installs.
    const desired = await report(canary, {});
    expect(desired?.firmware).toMatchObject({ version: '2.5.0', sha256: SHA, size: FILE.length });
    const file = await download(desired!.firmware!);
    expect(createHash('sha256').update(file).digest('hex')).toBe(SHA);
    await report(canary, { firmware: { status: 'downloading', version: '2.5.0' } });
    expect((await devicesOf(created.ulid))[0]).toMatchObject({ phase: 'downloading' });
    await report(canary, { firmware: { status: 'installing', version: '2.5.0' } });
    expect((await devicesOf(created.ulid))[0]).toMatchObject({ phase: 'installing' });
    await report(canary, { soft_version: '2.5.0' });

    // The canary passed: the rest is sent at once.
    let now = await rollout(created.ulid);
    expect(now).toMatchObject({
      status: 'rolling',
      stage: 'rest',
      progress: { succeeded: 1, in_progress: 3 },
    });
    const rest = devices.filter((d) => d !== canary);
    for (const d of rest) expect((await desiredOf(d)).firmware?.version).toBe('2.5.0');
    for (const d of rest) await report(d, { soft_version: '2.5.0' });
    now = await rollout(created.ulid);
    expect(now).toMatchObject({ status: 'completed', progress: { succeeded: 4 } });
    expect(now.completed_at).not.toBeNull();

    // The owner sees it on the purifier.
    const detail = await request(t.url)
      .get(`/api/purifiers/${canary.id}`)
      .set('Cookie', owner.cookie);
    expect((detail.body as Purifier).firmware_update).toMatchObject({
      rollout: created.ulid,
      version: '2.5.0',
      status: 'succeeded',
      rollout_status: 'completed',
    });
    // Its times are those of the rollout's own list, to the millisecond.
    const listed = (await devicesOf(created.ulid)).find((d) => d.purifier.ulid === canary.id)!;
    expect(listed.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((detail.body as Purifier).firmware_update).toMatchObject({
      phase: listed.phase,
      reason: listed.reason,
      sent_at: listed.sent_at,
      finished_at: listed.finished_at,
    });
    // The audit log has it.
    const audit = await request(t.url)
      .get('/api/audit_log?target_type=firmware_rollout')
      .set('Cookie', admin.cookie);
    expect(audit.status).toBe(200);
    expect(
      (audit.body as HydraCollection<{ action: string; target_id: string }>)['hydra:member'],
    ).toContainEqual(
      expect.objectContaining({ action: 'firmware_rollout_started', target_id: created.ulid }),
    );
  });

  it('sends the rest in waves of wave_size', async () => {
    const fw = await uploadFirmware('2.6.0', 'HEPA_DOME_WHITE');
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => device('HEPA_DOME_WHITE')));
    const created = (
      await start({
        firmware: fw.ulid,
        model: 'HEPA_DOME_WHITE',
        purifiers: devices.map((d) => d.id),
        canary_percent: 20,
        wave_size: 2,
      })
    ).body as FirmwareRollout;
    expect(created.target).toBe('chosen');
    const [first] = await devicesOf(created.ulid);
    await report(
      devices.find((d) => d.id === first!.purifier.ulid)!,
      { soft_version: '2.6.0' },
    );
    const now = await rollout(created.ulid);
    expect(now.progress).toMatchObject({ succeeded: 1, in_progress: 2, pending: 2 });
  });
});

describe('failures, pauses, abort', () => {
  it('pauses over the failure maximum, then under the canary threshold; abort withdraws', async () => {
    const fw = await uploadFirmware('4.0.0', 'HEPA_COCOON_SYMPHONIE');
    const devices = await Promise.all([1, 2, 3].map(() => device('HEPA_COCOON_SYMPHONIE')));
    const created = (
      await start({
        firmware: fw.ulid,
        model: 'HEPA_COCOON_SYMPHONIE',
        purifiers: devices.map((d) => d.id),
        canary_percent: 50,
        max_failure_rate: 20,
      })
    ).body as FirmwareRollout;
    expect(created.canary.total).toBe(2);
    const line = await devicesOf(created.ulid);
    const byId = (id: string) => devices.find((d) => d.id === id)!;
    const [a, b, c] = line.map((row) => byId(row.purifier.ulid));

    // The device found a file that does not match the hash.
    const desired = await report(a!, {
      firmware: { status: 'failed', version: '4.0.0', reason: 'hash_mismatch' },
    });
    expect(desired?.firmware).toBeNull();
    let now = await rollout(created.ulid);
    expect(now).toMatchObject({
      status: 'paused',
      paused_reason: 'failure_rate',
      failure_rate: 50,
    });
    expect((await devicesOf(created.ulid))[0]).toMatchObject({
      status: 'failed',
      reason: 'hash_mismatch',
    });
    // Firmware being rolled out cannot be deleted.
    const del = await request(t.url).delete(`/api/firmwares/${fw.ulid}`).set('Cookie', tech.cookie);
    expect(del.status).toBe(409);
    expect(del.body['hydra:description']).toBe('firmware_in_rollout');

    // Resumed: only new failures pause it again; the canary ends under its threshold.
    now = await act(created.ulid, 'resume');
    expect(now).toMatchObject({ status: 'canary', paused_reason: null });
    await report(b!, { soft_version: '4.0.0' });
    now = await rollout(created.ulid);
    expect(now).toMatchObject({ status: 'paused', paused_reason: 'canary_below_threshold' });
    expect(now.canary).toMatchObject({ succeeded: 1, failed: 1 });
    expect((await desiredOf(c!)).firmware ?? null).toBeNull();

    // A person decides to go on: the rest is sent; then aborts it.
    now = await act(created.ulid, 'resume');
    expect(now).toMatchObject({ status: 'rolling', stage: 'rest' });
    expect((await desiredOf(c!)).firmware?.version).toBe('4.0.0');
    await act(created.ulid, 'pause');
    expect((await rollout(created.ulid)).paused_reason).toBe('manual');
    now = await act(created.ulid, 'abort');
    expect(now).toMatchObject({ status: 'aborted', progress: { cancelled: 1, succeeded: 1 } });
    expect((await desiredOf(c!)).firmware ?? null).toBeNull();
    // What succeeded stays.
    expect((await desiredOf(b!)).firmware?.version).toBe('4.0.0');

    const refused = await request(t.url)
      .post(`/api/firmware_rollouts/${created.ulid}/pause`)
      .set('Cookie', tech.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body['hydra:description']).toBe('rollout_state');
    expect(
      (await request(t.url).delete(`/api/firmwares/${fw.ulid}`).set('Cookie', tech.cookie)).status,
    ).toBe(204);
    expect((await rollout(created.ulid)).firmware.version).toBe('4.0.0');
  });

  it('counts a purifier silent past its deadline as timed out', async () => {
    const fw = await uploadFirmware('5.0.0', 'HEPA_BULLE_WHITE');
    const d = await device('HEPA_BULLE_WHITE');
    const created = (
      await start({
        firmware: fw.ulid,
        model: 'HEPA_BULLE_WHITE',
        purifiers: [d.id],
        timeout_minutes: 1,
      })
    ).body as FirmwareRollout;
    // The worker's sweep, a minute and a half later.
    const swept = await sweepRollouts(t.db, new Date(Date.now() + 90_000));
    expect(swept.timedOut).toBe(1);
    const now = await rollout(created.ulid);
    expect(now).toMatchObject({
      status: 'paused',
      paused_reason: 'failure_rate',
      progress: { timed_out: 1 },
    });
    expect((await desiredOf(d)).firmware ?? null).toBeNull();
    // A late success after the timeout changes nothing.
    await report(d, { soft_version: '5.0.0' });
    expect((await rollout(created.ulid)).progress.timed_out).toBe(1);
  });

  it('refuses a purifier that another rollout is updating', async () => {
    const fw = await uploadFirmware('6.0.0', 'HEPA_DOME_BLACK');
    const d = await device('HEPA_DOME_BLACK');
    expect(
      (await start({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK', purifiers: [d.id] })).status,
    ).toBe(201);
    const res = await start({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK', purifiers: [d.id] });
    expect(res.status).toBe(422);
    expect(res.body.violations).toContainEqual(
      expect.objectContaining({ code: 'rollout_purifier_busy' }),
    );
  });
});
