/**
 * Tracing end to end: the compiled server and worker (what the image runs) export their spans
 * over OTLP/HTTP to a receiver of a few lines of node:http; a registration request's trace goes
 * from the server's HTTP span, through pg and ioredis, into the worker's job span that sends the
 * activation mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(path.join(root, 'var'), { recursive: true });
const outdir = mkdtempSync(path.join(root, 'var', 'test-dist-'));
const children: ChildProcess[] = [];
let database: TestDatabase | undefined;
let receiver: Server | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  receiver?.close();
  await database?.drop();
  rmSync(outdir, { recursive: true, force: true });
});

/** One span as OTLP/JSON carries it, with its service's name. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, 'service' | 'attributes'> & {
        attributes?: { key: string; value: OtlpValue }[];
      })[];
    }[];
  }[];
}

const valueOf = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue;

/** The OTLP/HTTP receiver: POST /v1/traces with a JSON body; every span lands in `spans`. */
function startReceiver(spans: ReceivedSpan[]): Promise<number> {
  receiver = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const rs of body.resourceSpans ?? []) {
          const attr = rs.resource?.attributes?.find((a) => a.key === 'service.name');
          const service = String(attr ? valueOf(attr.value) : '');
          for (const ss of rs.scopeSpans ?? [])
            for (const span of ss.spans ?? [])
              spans.push({
                ...span,
                service,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, valueOf(a.value)]),
                ),
              });
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver!.listen(0, '127.0.0.1', () => resolve((receiver!.address() as { port: number }).port)),
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch {
      // not there yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: never happened`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('tracing over OTLP', () => {
  it("follows a request's trace from the server's HTTP span into the worker's job span", async () => {
    const spans: ReceivedSpan[] = [];
    const otlpPort = await startReceiver(spans);
    await buildServer(outdir);
    database = await createTestDatabase();
    const [port, metricsPort] = [await freePort(), await freePort()];
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
      WORKER_METRICS_PORT: String(metricsPort),
      SHUTDOWN_DRAIN_MS: '100',
      MAIL_DIR: path.join(outdir, 'mail'),
      UPLOAD_DIR: path.join(outdir, 'uploads'),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_SERVICE_NAME: '',
    };
    for (const file of ['server.js', 'worker.js']) {
      const child = spawn(process.execPath, [path.join(outdir, file)], { env, stdio: 'inherit' });
      children.push(child);
    }
    await until('server ready', async () =>
      (await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined,
    );
    await until('worker ready', async () =>
      (await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).ok ? true : undefined,
    );

    const res = await fetch(`http://127.0.0.1:${port}/api/registration`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/ld+json' },
      body: JSON.stringify({
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        password: 'Secret123',
        company: 'Navy',
      }),
    });
    expect(res.status).toBe(201);

    const request = await until('the request span', () =>
      spans.find(
        (s) =>
          s.service === 'aircloud-server' &&
          s.kind === 2 && // SERVER
          String(s.attributes['url.path'] ?? s.attributes['http.target']).endsWith(
            '/api/registration',
          ),
      ),
    );
    const job = await until('the job span', () =>
      spans.find(
        (s) =>
          s.service === 'aircloud-worker' &&
          s.traceId === request.traceId &&
          s.attributes['bullmq.queue.name'] === 'mail' &&
          s.attributes['bullmq.queue.operation'] === 'process',
      ),
    );
    expect(job.name).toBe('process mail');
    const inTrace = (service: string) =>
      spans.filter((s) => s.traceId === request.traceId && s.service === service);
    // The server's SQL (the account, the outbox row) and Redis (the queued job) in the request's
    // trace; the job span continues the producer span that queued it.
    const producer = await until('the producer span', () =>
      inTrace('aircloud-server').find((s) => s.attributes['bullmq.queue.operation'] === 'add'),
    );
    expect(job.parentSpanId).toBe(producer.spanId);
    const server = inTrace('aircloud-server');
    expect(server.some((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    const redis = server.filter((s) => s.attributes['db.system.name'] === 'redis');
    expect(redis.length).toBeGreaterThan(0);
    // Redis spans name the command only: its arguments hold job payloads and e-mail addresses.
    for (const span of redis)
      expect(String(span.attributes['db.query.text'] ?? '')).not.toContain('grace@example.com');
    // The worker's SQL under its job span: the mail read and marked sent.
    await until('worker pg spans in the trace', () =>
      inTrace('aircloud-worker').some((s) => s.attributes['db.system.name'] === 'postgresql')
        ? true
        : undefined,
    );
    // Health checks are not traced.
    expect(spans.some((s) => String(s.attributes['url.path']).endsWith('/readyz'))).toBe(false);

    // Both stop cleanly on SIGTERM, the spans still buffered sent on the way out.
    const exits = children.map(
      (child) => new Promise<number | null>((resolve) => child.once('exit', resolve)),
    );
    for (const child of children) child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 90_000);
});
