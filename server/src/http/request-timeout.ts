import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Request deadlines (docs/security.md, "Slow requests"): a client trickling its body would
 * otherwise hold a connection (and a request's resources) for as long as Node lets it. Node's
 * own `requestTimeout` is one figure for every request, so the server arms its own deadline per
 * request with a body, and an upload route, once it has let its caller in, stretches it to what
 * the file needs at MIN_UPLOAD_BYTES_PER_SECOND.
 */

/** The slowest link an upload must still work on: 256 KiB/s (about 2 Mbit/s) on average. */
export const MIN_UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/** Multipart overhead counted on top of an upload's file limit. */
const MULTIPART_SLACK = 64 * 1024;

const TIMEOUT_ANSWER =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

interface Deadline {
  timer: NodeJS.Timeout;
  res: ServerResponse;
  /** The deadline every request gets (ms), the base of an upload's. */
  baseMs: number;
}

const deadlines = new WeakMap<IncomingMessage, Deadline>();

/** True when the request announces a body (a length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Ends a request whose body did not arrive in time: 408 when nothing was answered yet. */
function cut(req: IncomingMessage, res: ServerResponse): void {
  deadlines.delete(req);
  if (req.complete) return;
  const socket = req.socket;
  if (!res.headersSent && socket.writable) socket.write(TIMEOUT_ANSWER);
  socket.destroy();
}

function arm(req: IncomingMessage, res: ServerResponse, baseMs: number, ms: number): void {
  const previous = deadlines.get(req);
  if (previous) clearTimeout(previous.timer);
  const timer = setTimeout(() => cut(req, res), ms);
  timer.unref();
  deadlines.set(req, { timer, res, baseMs });
}

function disarm(req: IncomingMessage): void {
  const deadline = deadlines.get(req);
  if (!deadline) return;
  clearTimeout(deadline.timer);
  deadlines.delete(req);
}

/** How long an upload of at most `bytes` may take: the base deadline plus the slowest link's time. */
export function uploadDeadlineMs(baseMs: number, bytes: number): number {
  return baseMs + Math.ceil((bytes / MIN_UPLOAD_BYTES_PER_SECOND) * 1000);
}

/**
 * Gives every request with a body `ms` from its headers to its last byte; past that its
 * connection is closed (408 when nothing was answered yet). Call once Socket.IO is attached, so
 * it covers Socket.IO's polling requests too.
 */
export function limitRequestTime(server: Server, ms: number): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!hasBody(req)) return;
    arm(req, res, ms, ms);
    req.once('end', () => disarm(req));
    req.once('close', () => disarm(req));
  });
}

/**
 * Stretches the deadline of an upload of at most `maxBytes` (its declared length when smaller)
 * to what it needs at MIN_UPLOAD_BYTES_PER_SECOND, counted from now. Upload routes call it once
 * the caller is let in, so an anonymous trickle keeps the short deadline.
 */
export function allowSlowUpload(req: IncomingMessage, maxBytes: number): void {
  const deadline = deadlines.get(req);
  if (!deadline) return;
  const declared = Number(req.headers['content-length']);
  const bytes =
    Number.isFinite(declared) && declared > 0
      ? Math.min(declared, maxBytes + MULTIPART_SLACK)
      : maxBytes + MULTIPART_SLACK;
  arm(req, deadline.res, deadline.baseMs, uploadDeadlineMs(deadline.baseMs, bytes));
}
