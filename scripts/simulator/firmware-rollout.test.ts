import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../server/test/support/purifiers.ts';
import type { DeviceCredentials } from '../demo/device-fleet.ts';
import { downloadFirmware, installFirmware } from './firmware-update.ts';
import { simulate, type Simulation } from './simulator.ts';

/**
 * The simulator's device side of a rollout against the real server: purifiers that download in
 * ranged parts (some cut off and resumed), check the hash, install and report; and purifiers that
 * fail, pausing the rollout.
 */

let t: TestApp;
let tech: Session;
let owner: Session;
const simulations: Simulation[] = [];

beforeAll(async () => {
  t = await startTestApp();
  [tech, owner] = await Promise.all([signIn(t, 'ROLE_TECHNICIAN'), signIn(t)]);
});
afterAll(async () => {
  for (const s of simulations) s.stop();
  await t?.stop();
});

async function purifiers(count: number, model: string): Promise<DeviceCredentials[]> {
  const devices: DeviceCredentials[] = [];
  for (let i = 0; i < count; i++) {
    const key = await exportedKey(t, tech, model);
    const purifier = await activate(t, owner, key.key);
    const secret = await claimDevice(t, key.serialNumber, key.key);
    devices.push({ kind: 'purifier', id: purifier.ulid, serial: key.serialNumber, secret });
  }
  return devices;
}

async function firmware(version: string, model: string, file: Buffer) {
  const res = await request(t.url)
    .post('/api/firmwares')
    .set('Cookie', tech.cookie)
    .field('name', 'Purifier')
    .field('version', version)
    .field('models', model)
    .attach('file', file, { filename: `fw-${version}.bin`, contentType: 'application/x-binary' });
  expect(res.status).toBe(201);
  return res.body as { ulid: string };
}

/** Waits until the rollout is in one of `statuses` (the devices work in the background). */
async function until(id: string, statuses: string[], timeoutMs = 20_000): Promise<FirmwareRollout> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(t.url).get(`/api/firmware_rollouts/${id}`).set('Cookie', tech.cookie);
    const rollout = res.body as FirmwareRollout;
    if (statuses.includes(rollout.status)) return rollout;
    if (Date.now() > deadline)
      throw new Error(`rollout still ${rollout.status}: ${JSON.stringify(rollout.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('simulated purifiers in a rollout', () => {
  it('download with resumed ranges, install, and the rollout reaches 100 %', async () => {
    const devices = await purifiers(3, 'HEPA_COCOON');
    const fw = await firmware('2.5.0', 'HEPA_COCOON', randomBytes(200 * 1024));
    const installed: string[] = [];
    simulations.push(
      simulate(devices, {
        baseUrl: t.url,
        intervalS: 1,
        firmware: {
          failureRate: 0,
          installSeconds: 0.2,
          chunkBytes: 32 * 1024,
          interruptRate: 0.3,
        },
        onFirmwareInstalled: (serial, version) => installed.push(`${serial} ${version}`),
      }),
    );
    // Purifiers on 2.4.1 (they reported it on connecting).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const res = await request(t.url)
      .post('/api/firmware_rollouts')
      .set('Cookie', tech.cookie)
      .send({ firmware: fw.ulid, model: 'HEPA_COCOON', canary_percent: 34 });
    expect(res.status).toBe(201);
    const done = await until((res.body as FirmwareRollout).ulid, ['completed', 'paused']);
    expect(done).toMatchObject({ status: 'completed', progress: { total: 3, succeeded: 3 } });
    expect(installed.sort()).toEqual(devices.map((d) => `${d.serial} 2.5.0`).sort());
  });

  it('installs that fail pause the rollout over its failure maximum', async () => {
    const devices = await purifiers(2, 'HEPA_DOME_BLACK');
    const fw = await firmware('2.6.0', 'HEPA_DOME_BLACK', randomBytes(50 * 1024));
    simulations.push(
      simulate(devices, {
        baseUrl: t.url,
        intervalS: 1,
        firmware: { failureRate: 1, installSeconds: 0.1 },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const res = await request(t.url)
      .post('/api/firmware_rollouts')
      .set('Cookie', tech.cookie)
      .send({ firmware: fw.ulid, model: 'HEPA_DOME_BLACK', canary_percent: 50 });
    expect(res.status).toBe(201);
    const paused = await until((res.body as FirmwareRollout).ulid, ['paused', 'completed']);
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'failure_rate' });
    expect(paused.progress).toMatchObject({ failed: 1, pending: 1 });
    const list = await request(t.url)
      .get(`/api/firmware_rollouts/${paused.ulid}/purifiers?status=failed`)
      .set('Cookie', tech.cookie);
    expect(list.body['hydra:member'][0]).toMatchObject({ reason: 'install_failed' });
  });
});

describe('the device side on its own', () => {
  let server: Server;
  let base: string;
  const good = randomBytes(100_000);
  beforeAll(async () => {
    // A file server that honours ranges, like /firmware/{id}/{name}.
    server = createServer((req, res) => {
      const match = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
      const from = match ? Number(match[1]) : 0;
      const to = match?.[2] ? Number(match[2]) : good.length - 1;
      res.writeHead(match ? 206 : 200, {
        'Content-Range': `bytes ${from}-${to}/${good.length}`,
      });
      res.end(good.subarray(from, to + 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const desired = (sha256: string) => ({
    version: '3.0.0',
    url: `http://aircloud.test/firmware/X/fw.bin`,
    sha256,
    size: good.length,
    rollout: 'R',
  });

  it('resumes cut-off parts and reassembles the exact file', async () => {
    // Half the parts break off: the attempts allowed are no limit here (with the default 20 the
    // random breaks now and then exceeded it and the test failed by chance).
    const file = await downloadFirmware(
      desired(sha(good)),
      base,
      { failureRate: 0, installSeconds: 0, chunkBytes: 7_000, interruptRate: 0.5 },
      10_000,
    );
    expect(sha(file)).toBe(sha(good));
  });

  it('reports hash_mismatch and keeps its version when the file is not the one announced', async () => {
    const reports: unknown[] = [];
    const version = await installFirmware(
      desired(sha(Buffer.from('another file'))),
      '2.4.1',
      base,
      { failureRate: 0, installSeconds: 0 },
      async (fields) => void reports.push(fields),
    );
    expect(version).toBe('2.4.1');
    expect(reports).toEqual([
      { firmware: { status: 'downloading', version: '3.0.0' } },
      { firmware: { status: 'failed', version: '3.0.0', reason: 'hash_mismatch' } },
    ]);
  });
});
