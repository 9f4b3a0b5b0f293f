import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  errorReportingEnabled,
  flushErrorReporting,
  initErrorReporting,
  reportError,
} from './reporter.ts';

/** A Sentry-compatible receiver: every envelope posted to /api/<project>/envelope/. */
const envelopes: { url: string; items: unknown[] }[] = [];
let receiver: Server | undefined;

afterAll(() => receiver?.close());

function startReceiver(): Promise<number> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
      envelopes.push({ url: req.url ?? '', items: lines.map((l) => JSON.parse(l) as unknown) });
      res.writeHead(200).end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver!.listen(0, '127.0.0.1', () => resolve((receiver!.address() as { port: number }).port)),
  );
}

describe('error reporting', () => {
  it('is off, and reportError a no-op, without a DSN', async () => {
    expect(await initErrorReporting({ dsn: undefined, serviceName: 'aircloud-server' })).toBe(
      false,
    );
    expect(errorReportingEnabled()).toBe(false);
    expect(() => reportError(new Error('nobody hears this'))).not.toThrow();
  });

  it('sends an error with its request to the DSN, without tokens or cookies', async () => {
    const port = await startReceiver();
    expect(
      await initErrorReporting({
        dsn: `http://publickey@127.0.0.1:${port}/42`,
        serviceName: 'aircloud-server',
        environment: 'test',
      }),
    ).toBe(true);
    reportError(new Error('lookup failed for Bearer act_0123456789abcdef'), {
      request: {
        method: 'GET',
        url: '/api/purifiers?token=s3cr3t&page=2',
        headers: {
          authorization: 'Bearer act_0123456789abcdef',
          cookie: 'access_token=eyJhbGciOi.eyJzdWIi.sig; refresh_token=r1',
          'accept-language': 'fr',
        },
      },
      tags: { route: '/api/purifiers' },
      userId: '01HXUSER',
    });
    await flushErrorReporting(5000);

    expect(envelopes).toHaveLength(1);
    const [envelope] = envelopes;
    expect(envelope!.url).toMatch(/^\/api\/42\/envelope\//);
    const event = envelope!.items[2] as {
      exception: { values: { type: string; value: string }[] };
      request: { method: string; url: string; query_string: string; headers: object };
      tags: Record<string, string>;
      user: { id: string };
      environment: string;
      server_name: string;
    };
    expect(event.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'lookup failed for Bearer [Filtered]',
    });
    expect(event.request).toMatchObject({
      method: 'GET',
      url: '/api/purifiers',
      query_string: 'token=[Filtered]&page=2',
      headers: {
        authorization: '[Filtered]',
        cookie: '[Filtered]',
        'accept-language': 'fr',
      },
    });
    expect(event.tags).toMatchObject({ route: '/api/purifiers' });
    expect(event.user).toEqual({ id: '01HXUSER' });
    expect(event).toMatchObject({ environment: 'test', server_name: 'aircloud-server' });
    const raw = JSON.stringify(envelope);
    for (const secret of ['act_0123456789abcdef', 's3cr3t', 'eyJhbGciOi', 'r1;'])
      expect(raw).not.toContain(secret);
  });

  it('reports what ends a process before it exits with 1', async () => {
    const port = receiver ? (receiver.address() as { port: number }).port : await startReceiver();
    const before = envelopes.length;
    // A process that fails as a server or worker would, with exitOnFatal as its handler.
    const script = `
      import { exitOnFatal, initErrorReporting } from ${JSON.stringify(new URL('./reporter.ts', import.meta.url).href)};
      await initErrorReporting({ dsn: 'http://k@127.0.0.1:${port}/7', serviceName: 'aircloud-worker' });
      process.on('unhandledRejection', (reason) => exitOnFatal(reason, 'unhandledRejection'));
      Promise.reject(new Error('the worker fell over'));
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: 'ignore',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const events = envelopes
      .slice(before)
      .map((e) => e.items[2] as { tags: object; exception: { values: { value: string }[] } });
    expect(events).toHaveLength(1);
    expect(events[0]!.tags).toMatchObject({ fatal: 'unhandledRejection' });
    expect(events[0]!.exception.values[0]!.value).toBe('the worker fell over');
  }, 30_000);
});
