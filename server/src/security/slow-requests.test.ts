/**
 * Slow requests (docs/security.md, "Slow requests"): headers must arrive within
 * HTTP_HEADERS_TIMEOUT_MS and a body within HTTP_REQUEST_TIMEOUT_MS, or the connection is
 * closed (408); an upload a signed-in caller may make gets what its size needs at
 * MIN_UPLOAD_BYTES_PER_SECOND. The limits are lowered here so the test takes seconds.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { MIN_UPLOAD_BYTES_PER_SECOND } from '../http/request-timeout.ts';
import { signIn, type Session } from '../../test/support/purifiers.ts';

const HEADERS_MS = 500;
const REQUEST_MS = 1000;

let t: TestApp;
let tech: Session;

beforeAll(async () => {
  t = await startTestApp({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  });
  tech = await signIn(t, 'ROLE_TECHNICIAN');
});
afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  /** What the server sent back before the connection ended. */
  answer: string;
  /** Milliseconds from the first byte sent to the end of the connection. */
  closedAfter: number;
  /** Bytes of `body` written before the connection ended. */
  sent: number;
}

/**
 * Writes `head` at once, then `body` one chunk every `everyMs`, until everything is sent or
 * the server closes the connection; resolves once the connection has ended.
 */
function trickle(head: string, body: Buffer, chunk: number, everyMs: number): Promise<Outcome> {
  const port = Number(new URL(t.url).port);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      resolve({
        answer: Buffer.concat(received).toString('latin1'),
        closedAfter: Date.now() - started,
        sent,
      });
    };
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('close', end);
    socket.on('error', end);
    socket.on('connect', async () => {
      socket.write(head);
      while (sent < body.length && !ended && !socket.destroyed) {
        await sleep(everyMs);
        if (ended || socket.destroyed) break;
        socket.write(body.subarray(sent, sent + chunk));
        sent = Math.min(body.length, sent + chunk);
      }
      // Everything sent: wait for the answer, then hang up ourselves.
      await sleep(REQUEST_MS);
      socket.end();
    });
  });
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('') +
  '\r\n';

describe('request deadlines', () => {
  it('cuts a JSON body trickled slower than the request timeout (408)', async () => {
    const body = Buffer.from(
      JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(60) }),
    );
    const head = post('/security/token/request', {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
    });
    const outcome = await trickle(head, body, 1, 100);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.sent).toBeLessThan(body.length);
    expect(outcome.closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(outcome.closedAfter).toBeLessThan(REQUEST_MS + 1500);
  });

  it('cuts headers trickled slower than the headers timeout', async () => {
    const head = Buffer.from(
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}`,
    );
    const outcome = await trickle('', head, 1, 50);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.sent).toBeLessThan(head.length);
    // Node checks the connections once a second.
    expect(outcome.closedAfter).toBeLessThan(HEADERS_MS + 2000);
  });

  it('cuts a trickle a route refused at once (an anonymous upload): no time for it either', async () => {
    const body = Buffer.alloc(4000, 0x61);
    const head = post('/api/firmwares', {
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': body.length,
    });
    const outcome = await trickle(head, body, 10, 100);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(outcome.sent).toBeLessThan(body.length);
    expect(outcome.closedAfter).toBeLessThan(REQUEST_MS + 1500);
  });

  it('lets a body that arrives in time through', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'slow@example.com', password: 'Wrong1234' }));
    const head = post('/security/token/request', {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      Connection: 'close',
    });
    const outcome = await trickle(head, body, 10, 50);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(outcome.sent).toBe(body.length);
  });

  it('gives a signed-in upload what its size needs on a slow link, beyond the request timeout', async () => {
    const file = Buffer.alloc(MIN_UPLOAD_BYTES_PER_SECOND * 2, 0x42);
    const body = Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nslow link\r\n' +
          '--x\r\nContent-Disposition: form-data; name="version"\r\n\r\n1.0.0\r\n' +
          '--x\r\nContent-Disposition: form-data; name="models"\r\n\r\nHEPA_COCOON\r\n' +
          '--x\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n' +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n--x--\r\n'),
    ]);
    const head = post('/api/firmwares', {
      Cookie: tech.cookie,
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': body.length,
      Connection: 'close',
    });
    // About twice the request timeout, still faster than the slowest link allowed.
    const outcome = await trickle(head, body, Math.ceil(body.length / 8), 250);
    expect(outcome.sent).toBe(body.length);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 201/);
  });
});
