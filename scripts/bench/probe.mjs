/**
 * Benchmark probe, preloaded into the server and worker processes by `startProduct({ probe })`
 * (NODE_OPTIONS=--import; plain JavaScript because it loads before tsx). Every second it appends
 * one JSON line to BENCH_PROBE_DIR/<role>-<pid>.jsonl: the process's event-loop delay and its pg
 * pools' queue (clients waited for, how long, how many waited at most), the connections it
 * accepted and how long its HTTP requests took from arrival to the end of the answer. Product code
 * is untouched.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

const dir = process.env.BENCH_PROBE_DIR;
const script = process.argv[1] ?? '';
// TypeScript entry points (tsx) or the compiled bundles the start script runs.
const role = /server\/src\/main\.ts$|[/\\]server\.js$/.test(script)
  ? 'server'
  : /worker\/src\/main\.ts$|[/\\]worker\.js$/.test(script)
    ? 'worker'
    : null;

if (dir && role) {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${role}-${process.pid}.jsonl`;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const pools = new Set();
  /** Milliseconds each pool.connect waited for a client, this second. */
  let waits = [];
  /** Milliseconds of each promise-style pool.query (wait + run), this second. */
  let queries = [];
  let maxWaiting = 0;
  /** Pool queries of this second by the start of their SQL text (which paths use the pool). */
  let kinds = {};
  /** Milliseconds from a request's arrival in the server to the end of its answer, this second. */
  let requests = [];
  /** Milliseconds from accepting a connection to its first request, this second. */
  let firstGaps = [];
  /** Connections accepted this second. */
  let accepted = 0;

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function probedEmit(event, ...args) {
    if (event === 'connection') {
      args[0].acceptedAt = performance.now();
      accepted += 1;
    }
    if (event === 'request') {
      const start = performance.now();
      const socket = args[0].socket;
      if (socket && !socket.probed && socket.acceptedAt !== undefined) {
        socket.probed = true;
        firstGaps.push(start - socket.acceptedAt);
      }
      args[1].once('finish', () => requests.push(performance.now() - start));
    }
    return emit.call(this, event, ...args);
  };

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function probedConnect(callback) {
    pools.add(this);
    const start = performance.now();
    if (typeof callback === 'function')
      return connect.call(this, (err, client, done) => {
        waits.push(performance.now() - start);
        callback(err, client, done);
      });
    return connect.call(this).then((client) => {
      waits.push(performance.now() - start);
      return client;
    });
  };
  const query = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function probedQuery(...args) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? args[0]?.name ?? '?');
    const kind = String(text).replace(/\s+/g, ' ').trim().slice(0, 40);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const result = query.apply(this, args);
    if (typeof args.at(-1) !== 'function' && result && typeof result.then === 'function') {
      const start = performance.now();
      result.then(
        () => queries.push(performance.now() - start),
        () => queries.push(performance.now() - start),
      );
    }
    return result;
  };

  const sampler = setInterval(() => {
    for (const pool of pools) maxWaiting = Math.max(maxWaiting, pool.waitingCount);
  }, 5);
  sampler.unref();

  const stats = (list) => {
    const sorted = list.sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    return sorted.length === 0
      ? { n: 0 }
      : { n: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) };
  };
  const writer = setInterval(() => {
    const line = {
      t: Date.now(),
      loop: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
      poolWait: stats(waits),
      poolQuery: stats(queries),
      request: stats(requests),
      firstGap: stats(firstGaps),
      accepted,
      maxWaiting,
      poolSize: [...pools].map((p) => p.totalCount),
      kinds,
    };
    kinds = {};
    loop.reset();
    waits = [];
    queries = [];
    requests = [];
    firstGaps = [];
    accepted = 0;
    maxWaiting = 0;
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000);
  writer.unref();
}
