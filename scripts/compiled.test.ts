/**
 * The compiled product (scripts/build-server.ts, what the image and `npm start` run) starts with
 * plain `node`, no tsx: the server migrates, answers ready and serves its metrics; the worker
 * serves its health and metrics; both stop cleanly on SIGTERM (the server drains first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
} from '@aircloud/core/test/database';
import { buildServer } from './build-server.ts';
import { freePort } from './lib/services.ts';

// Inside the checkout, so the bundles find node_modules as dist/ does.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(path.join(root, 'var'), { recursive: true });
const outdir = mkdtempSync(path.join(root, 'var', 'test-dist-'));
const children: ChildProcess[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
  rmSync(outdir, { recursive: true, force: true });
});

async function until(url: string, init?: RequestInit): Promise<Response> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(url, init);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} never answered`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the compiled server and worker', () => {
  it('start with plain node, answer ready with their metrics, and stop cleanly', async () => {
    const files = await buildServer(outdir);
    expect(files.map((f) => path.basename(f)).sort()).toEqual(
      expect.arrayContaining(['migrate.js', 'server.js', 'worker.js']),
    );
    database = await createTestDatabase();
    const [port, metricsPort] = [await freePort(), await freePort()];
    const token = randomBytes(24).toString('base64url');
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_PREFIX: testRedisPrefix().replaceAll(':', '-'),
      APP_SECRET: randomBytes(48).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CLIENT_DIST: path.join(outdir, 'no-client'),
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: token,
      WORKER_METRICS_PORT: String(metricsPort),
      SHUTDOWN_DRAIN_MS: '200',
      MAIL_DIR: path.join(outdir, 'mail'),
      UPLOAD_DIR: path.join(outdir, 'uploads'),
    };
    const start = (file: string) => {
      const child = spawn(process.execPath, [path.join(outdir, file)], { env, stdio: 'inherit' });
      children.push(child);
      return child;
    };
    const server = start('server.js');
    const worker = start('worker.js');
    const bearer = { headers: { Authorization: `Bearer ${token}` } };

    expect(await (await until(`http://127.0.0.1:${port}/readyz`)).json()).toMatchObject({
      status: 'ok',
    });
    expect(await (await until(`http://127.0.0.1:${port}/metrics`, bearer)).text()).toContain(
      'aircloud_http_request_duration_seconds',
    );
    await until(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(await (await until(`http://127.0.0.1:${metricsPort}/metrics`, bearer)).text()).toContain(
      'aircloud_queue_jobs',
    );

    server.kill('SIGTERM');
    worker.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(await exited(worker)).toBe(0);
  }, 90_000);
});
