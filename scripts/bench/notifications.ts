/**
 * Notification benchmark (issue 20): npm run bench:notifications
 *   [-- --seconds 45 --rate 5000 --rule-sensors 10 --crossing-ms 200 --port 3307]
 *
 * Starts the product (server + worker) on its own database with SMTP_URL pointing at a real SMTP
 * peer (`smtp-server`, in this process), registers a webhook of the recipient pointing at a real
 * HTTP receiver (this process) that verifies each body's HMAC signature and timestamp, and signs
 * a Socket.IO browser client in as the recipient (origin localhost). While the ingest load
 * (scripts/bench/load.ts, child process) posts `--rate` samples/s, rule sensors of the recipient
 * (each with a CO2 > 1000 ppm rule, confirm time 0) post crossing samples in turn: 1,200 ppm
 * (trigger, measured), then 800 ppm (stop, not measured). For each trigger it measures from the
 * start of the crossing sample's POST to: the mail's DATA received by the SMTP peer, the signed
 * webhook received, the `notification:created` event on the recipient's socket. Prints
 * p50/p95/p99, counts and missed beside the targets (mail p99 ≤ 5 s, webhook ≤ 2 s, bell ≤
 * 500 ms) and writes them into docs/performance.md ("## Notifications").
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { io as connect, type Socket } from 'socket.io-client';
import type { NotificationEvent } from '@aircloud/shared/notifications';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import { sha256 } from '@aircloud/core/lib/crypto';
import { signWebhook } from '@aircloud/core/notifications/webhooks';
import { DEMO_PASSWORD } from '../demo/seed-demo.ts';
import {
  BENCH_SECRET,
  demoOwner,
  insertBenchSensors,
  percentile,
  startLoad,
  startProduct,
  waitReady,
  writePerformanceSection,
} from './common.ts';
import type { LoadDevice } from './load.ts';

export interface NotificationsBenchOptions {
  seconds: number;
  /** Background ingest, samples/s. */
  rate: number;
  sensors: number;
  ruleSensors: number;
  crossingMs: number;
  port: number;
}

export const NOTIFICATIONS_DEFAULTS: NotificationsBenchOptions = {
  seconds: 45,
  rate: 5000,
  sensors: 2000,
  ruleSensors: 10,
  crossingMs: 200,
  port: 3307,
};

const DATABASE = 'aircloud_bench_notifications';
/** Targets of issue 20, p99 in ms. */
export const NOTIFICATION_TARGETS = { mail: 5000, webhook: 2000, bell: 500 } as const;
type Path = keyof typeof NOTIFICATION_TARGETS;
const PATHS: Path[] = ['mail', 'webhook', 'bell'];
/** A path that has not delivered this long after the crossing counts as missed. */
const MISSED_AFTER_MS = 30_000;
const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789abcdef';

export interface PathFigures {
  path: Path;
  target: number;
  delivered: number;
  missed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface NotificationsFigures {
  triggers: number;
  /** Crossing sample committed (POST answered), p50 / p99 ms. */
  postP50: number;
  postP99: number;
  paths: PathFigures[];
  /** Webhook bodies whose signature or timestamp did not verify (must be 0). */
  badSignatures: number;
  ingestOffered: number;
  ingestSustained: number;
  ingestErrors: number;
  seconds: number;
  at: string;
}

/** One measured trigger: when its POST started, and when each path delivered it. */
interface Crossing {
  sensorId: string;
  sentAt: number;
  answeredAt: number | null;
  notificationId: string | null;
  at: Partial<Record<Path, number>>;
}

/** The SMTP peer: DATA of each mail timed at its end, by the outbox mail id (the notification's). */
async function startSmtpPeer(mailAt: Map<string, number>) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^X-AirCloud-Mail-Id:\s*(\S+)/im.exec(head)?.[1];
        if (id) mailAt.set(id, performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The webhook receiver: verifies the signature (HMAC-SHA256 over `<timestamp>.<raw body>`, in
 * constant time) and the timestamp (±300 s), answers 204, and hands each verified notification on.
 */
async function startWebhookReceiver(
  onNotification: (n: NotificationEvent['notification'], at: number) => void,
  bad: { count: number },
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = Number(req.headers['x-aircloud-timestamp']);
      const claimed = /v1=([0-9a-f]{64})/.exec(String(req.headers['x-aircloud-signature']))?.[1];
      const expected = signWebhook(WEBHOOK_SECRET, timestamp, raw);
      const fresh = Math.abs(Date.now() / 1000 - timestamp) <= 300;
      if (
        !claimed ||
        !fresh ||
        !timingSafeEqual(Buffer.from(claimed, 'hex'), Buffer.from(expected, 'hex'))
      ) {
        bad.count += 1;
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      onNotification(
        (JSON.parse(raw) as { notification: NotificationEvent['notification'] }).notification,
        at,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/aircloud`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Signs the demo owner in through the API and answers its access cookie. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'user@demo.test', password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('access_token='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Runs the notification benchmark on its own product and database; returns its figures. */
export async function runNotificationsBench(
  options: Partial<NotificationsBenchOptions> = {},
): Promise<NotificationsFigures> {
  const o = { ...NOTIFICATIONS_DEFAULTS, ...options };
  const mailAt = new Map<string, number>();
  const bad = { count: 0 };
  /** The trigger in flight per rule sensor (one at a time per sensor). */
  const inFlight = new Map<string, Crossing>();
  /** Paths that delivered before the crossing learned its notification id (by id). */
  const seen = (path: Path, n: NotificationEvent['notification'], at: number) => {
    if (n.type !== 'alert_triggered' || !n.machine) return;
    const crossing = inFlight.get(n.machine.ulid);
    if (!crossing || crossing.at[path] !== undefined) return;
    // A late delivery of an earlier trigger of the same sensor is not this one's.
    if (crossing.notificationId !== null && crossing.notificationId !== n.id) return;
    crossing.notificationId ??= n.id;
    crossing.at[path] = at;
  };
  const smtp = await startSmtpPeer(mailAt);
  const receiver = await startWebhookReceiver((n, at) => seen('webhook', n, at), bad);
  // The worker sends through the SMTP peer; nothing else of the product changes.
  process.env.SMTP_URL = smtp.url;
  const product = startProduct({
    port: o.port,
    database: DATABASE,
    varDir: 'var/bench-notifications',
  });
  const load = startLoad();
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  try {
    await waitReady(product.base, 90_000);
    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
    });
    await db.connect();
    const owner = await demoOwner(db);
    const { devices: background } = await insertBenchSensors(db, {
      count: o.sensors,
      owner,
      serialPrefix: 'BENCHN',
      idPrefix: '01BENCHN',
    });
    // Rule sensors of the recipient: CO2 > 1000 ppm → auto, confirm time 0, judging from now.
    const rules: { id: string; device: LoadDevice }[] = [];
    for (let i = 0; i < o.ruleSensors; i += 1) {
      const n = String(i).padStart(6, '0');
      const id = `01BENCHNRULE${n.padStart(14, '0')}`;
      const serial = `BENCHN-RULE-${n}`;
      await db.query(
        `INSERT INTO sensors (id, serial_number, user_id, name, device_secret_hash, reporting_interval_s)
         VALUES ($1, $2, $3, $2, $4, 10) ON CONFLICT DO NOTHING`,
        [id, serial, owner, sha256(BENCH_SECRET)],
      );
      const ruleId = `01BENCHNR${n.padStart(17, '0')}`;
      await db.query(
        `INSERT INTO alert_rules (id, sensor_id, measure, threshold, hysteresis, mode, confirm_s, created_by)
         VALUES ($1, $2, 'co2', 1000, 50, 'auto', 0, $3) ON CONFLICT DO NOTHING`,
        [ruleId, id, owner],
      );
      await db.query(
        `INSERT INTO alert_rule_states (rule_id, active_from) VALUES ($1, '-infinity') ON CONFLICT DO NOTHING`,
        [ruleId],
      );
      await db.query(
        `INSERT INTO alert_rule_progress (sensor_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [id],
      );
      rules.push({ id, device: { serial, secret: BENCH_SECRET } });
    }
    await db.end();

    // The recipient: every trigger told on every channel (no flapping limit, no quiet hours),
    // a webhook to the receiver, and a browser socket.
    const cookie = await signIn(product.base);
    const api = (method: string, path: string, body: unknown) =>
      fetch(`${product.base}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: product.base },
        body: JSON.stringify(body),
      });
    const prefs = await api('PUT', '/api/me/notification_preferences', {
      flap_interval_min: 0,
      quiet_hours: null,
      channels: { alert_triggered: { in_app: true, email: true, webhook: true } },
    });
    if (!prefs.ok) throw new Error(`preferences refused: ${prefs.status} ${await prefs.text()}`);
    const hook = await api('POST', '/api/webhooks', { url: receiver.url, secret: WEBHOOK_SECRET });
    if (hook.status !== 201)
      throw new Error(`webhook refused: ${hook.status} ${await hook.text()}`);
    const origin = `http://localhost:${o.port}`;
    socket = connect(origin, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { Cookie: cookie, Origin: origin },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    socket.on('notification:created', ({ notification }) =>
      seen('bell', notification, performance.now()),
    );

    const agent = new http.Agent({ keepAlive: true });
    /** Posts one CO2 sample of a rule sensor; resolves when answered (status, time). */
    const post = (device: LoadDevice, co2: number) =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ ts: new Date().toISOString(), measures: { co2 } });
        const req = http.request(
          `${product.base}/device/v1/telemetry`,
          {
            method: 'POST',
            agent,
            headers: {
              Authorization: `Basic ${Buffer.from(`${device.serial}:${device.secret}`).toString('base64')}`,
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', () => resolve(0));
        req.end(body);
      });

    const done: Crossing[] = [];
    const complete = (c: Crossing) =>
      c.notificationId !== null &&
      c.at.webhook !== undefined &&
      c.at.bell !== undefined &&
      mailAt.has(c.notificationId);
    /** One trigger then its stop on a sensor: the trigger is measured until every path has it. */
    const cycle = async (rule: (typeof rules)[number], measured: boolean) => {
      const crossing: Crossing = {
        sensorId: rule.id,
        sentAt: performance.now(),
        answeredAt: null,
        notificationId: null,
        at: {},
      };
      inFlight.set(rule.id, crossing);
      const status = await post(rule.device, 1200);
      crossing.answeredAt = status === 200 ? performance.now() : null;
      const deadline = crossing.sentAt + MISSED_AFTER_MS;
      while (!complete(crossing) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      if (crossing.notificationId && mailAt.has(crossing.notificationId))
        crossing.at.mail = mailAt.get(crossing.notificationId)!;
      inFlight.delete(rule.id);
      if (measured) done.push(crossing);
      await post(rule.device, 800);
    };

    // Warm-up, not measured: a little load, one cycle per rule sensor.
    await load.run({
      type: 'open',
      url: product.base,
      devices: background,
      samplesPerSecond: 1000,
      batch: 5,
      durationMs: 3000,
      maxInflight: 512,
    });
    await Promise.all(rules.map((r) => cycle(r, false)));

    // Measured: the ingest load and the triggers at the same time.
    const loadDone = load.run({
      type: 'open',
      url: product.base,
      devices: background,
      samplesPerSecond: o.rate,
      batch: 5,
      durationMs: o.seconds * 1000,
      maxInflight: 512,
    });
    const busy = new Set<string>();
    const cycles: Promise<void>[] = [];
    const started = Date.now();
    for (let i = 0; Date.now() - started < o.seconds * 1000 - 1000; i += 1) {
      const rule = rules[i % rules.length]!;
      if (!busy.has(rule.id)) {
        busy.add(rule.id);
        cycles.push(cycle(rule, true).finally(() => busy.delete(rule.id)));
      }
      await new Promise((r) => setTimeout(r, o.crossingMs));
    }
    const ingest = await loadDone;
    await Promise.all(cycles);

    const answered = done
      .map((c) => (c.answeredAt === null ? null : c.answeredAt - c.sentAt))
      .filter((ms): ms is number => ms !== null)
      .sort((a, b) => a - b);
    const paths = PATHS.map((path): PathFigures => {
      const ms = done
        .map((c) => (c.at[path] === undefined ? null : c.at[path]! - c.sentAt))
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      return {
        path,
        target: NOTIFICATION_TARGETS[path],
        delivered: ms.length,
        missed: done.length - ms.length,
        p50: Math.round(percentile(ms, 50)),
        p95: Math.round(percentile(ms, 95)),
        p99: Math.round(percentile(ms, 99)),
        max: Math.round(ms.at(-1) ?? NaN),
      };
    });
    return {
      triggers: done.length,
      postP50: Math.round(percentile(answered, 50)),
      postP99: Math.round(percentile(answered, 99)),
      paths,
      badSignatures: bad.count,
      ingestOffered: o.rate,
      ingestSustained: Math.round(ingest.samplesAccepted / (ingest.durationMs / 1000)),
      ingestErrors: ingest.errors,
      seconds: o.seconds,
      at: new Date().toISOString().slice(0, 16).replace('T', ' '),
    };
  } finally {
    socket?.disconnect();
    load.kill();
    await product.stop();
    await smtp.close();
    await receiver.close();
  }
}

const LABELS: Record<Path, string> = {
  mail: 'trigger → e-mail handed to SMTP (DATA received)',
  webhook: 'trigger → webhook delivered (signature verified)',
  bell: 'trigger → in-app bell (`notification:created` on the socket)',
};

/** Whether a path met its target: p99 within it and nothing missed. */
export const pathMet = (p: PathFigures) => p.delivered > 0 && p.missed === 0 && p.p99 <= p.target;

const fmt = (n: number) => (Number.isNaN(n) ? '–' : n.toLocaleString('en-US'));

/** The "## Notifications" section of docs/performance.md for these figures. */
export function notificationsSection(f: NotificationsFigures, note = ''): string {
  const rows = f.paths.map(
    (p) =>
      `| ${LABELS[p.path]} | ≤ ${fmt(p.target)} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${fmt(p.max)} | ${p.delivered} / ${f.triggers} | ${p.missed} | ${pathMet(p) ? 'met' : '**missed**'} |`,
  );
  return `## Notifications

\`\`\`
npm run bench:notifications
# options: -- --seconds 45 --rate 5000 --sensors 2000 --rule-sensors 10 --crossing-ms 200 --port 3307
\`\`\`

\`scripts/bench/notifications.ts\` starts the product on its own database
(\`aircloud_bench_notifications\`) with \`SMTP_URL\` pointing at a real SMTP peer (\`smtp-server\`)
and, for the recipient (the demo user), a webhook pointing at a real HTTP receiver that checks
each body's HMAC signature and timestamp, and a Socket.IO client signed in as them (origin
localhost). The recipient is told of every trigger on every channel (flapping limit 0, no quiet
hours). While the ingest load posts ${fmt(f.ingestOffered)} samples/s (\`scripts/bench/load.ts\`,
as \`bench:ingest\` does), rule sensors (CO2 > 1000 ppm, confirm time 0) post a crossing sample
(1,200 ppm) and, once every path has delivered it, the sample that stops it (800 ppm). Each
trigger is timed from the start of its POST to the mail's DATA received by the SMTP peer, the
signed webhook received, and \`notification:created\` on the socket; a path that has not delivered
within 30 s counts as missed.

Run of ${f.at} UTC${note}: ${fmt(f.ingestSustained)} of ${fmt(f.ingestOffered)} samples/s ingested
(${f.ingestErrors} errors), ${f.triggers} triggers, crossing POST answered p50 ${fmt(f.postP50)} ms,
p99 ${fmt(f.postP99)} ms; ${f.badSignatures} webhook bodies failed verification.

| path | target p99 ms | p50 ms | p95 ms | p99 ms | max ms | delivered | missed | verdict |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

What bounds each figure. Every path starts with the crossing sample's POST: the server stores it
in its next ingest flush and queues a fast \`alert-rules\` job; the worker evaluates the sensor and
records the notification in the evaluation's transaction, with its mail (outbox row) and webhook
delivery row (docs/api-notifications.md). Then:

- **Bell**: after that commit the worker emits \`notification:created\` through the Redis adapter
  to the server holding the browser's socket. Bounded by the flush and the evaluation, as the
  alert benchmark's "crossing → purifier command" is (the same path, one unread count query more).
- **Webhook**: after the commit the worker queues one \`webhooks\` job per delivery (job id = row
  id, no polling); the DeliverWebhook task (8 at once) resolves and checks the address, checks the
  recipient still sees the sensor, signs and posts. Bounded by the evaluation plus one queue hop
  and the receiver's answer (a slow receiver has 5 s, then the delivery is retried with backoff).
- **E-mail**: after the commit the worker queues the outbox's \`mail\` job at once (job id = mail
  id); the SendMail task checks access, renders the mail in the recipient's language and hands it
  to SMTP. The outbox sweep (every 30 s, for mails pending over 30 s) only re-queues jobs lost
  while Redis was unreachable: it is not on this path. Bounded by the evaluation, one queue hop,
  the rendering and the SMTP conversation (a new connection per mail unless \`SMTP_URL\` asks for
  \`?pool=true\`); a failing SMTP server is retried with backoff from 2 s, which a missed target
  would show here.
`;
}

/** Prints the figures of the notification benchmark. */
export function printNotificationsFigures(f: NotificationsFigures): void {
  console.log(
    `\nNotification benchmark: ${f.triggers} triggers while ${f.ingestSustained}/${f.ingestOffered} samples/s ingested; ` +
      `crossing POST answered p50 ${f.postP50} ms, p99 ${f.postP99} ms; bad signatures ${f.badSignatures}`,
  );
  console.table(f.paths.map((p) => ({ ...p, verdict: pathMet(p) ? 'met' : 'NOT met' })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.seconds) },
      rate: { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.rate) },
      sensors: { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.sensors) },
      'rule-sensors': { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.ruleSensors) },
      'crossing-ms': { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.crossingMs) },
      port: { type: 'string', default: String(NOTIFICATIONS_DEFAULTS.port) },
      note: { type: 'string', default: '' },
    },
  });
  try {
    const f = await runNotificationsBench({
      seconds: Number(values.seconds),
      rate: Number(values.rate),
      sensors: Number(values.sensors),
      ruleSensors: Number(values['rule-sensors']),
      crossingMs: Number(values['crossing-ms']),
      port: Number(values.port),
    });
    printNotificationsFigures(f);
    await writePerformanceSection(
      '## Notifications',
      notificationsSection(f, values.note ? ` (${values.note})` : ''),
    );
    console.log('written to docs/performance.md');
    process.exit(f.paths.every(pathMet) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
