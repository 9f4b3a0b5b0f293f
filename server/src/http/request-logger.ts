import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { stdSerializers, type Logger } from 'pino';
import { ulid } from '@aircloud/core/lib/ulid';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Secrets that must never reach the logs, wherever they appear. */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password1',
  'new_password2',
  'token',
  'api_token',
  'refresh_token',
  'access_token',
];
/** Query parameters whose values are secrets (mail links, product key searches). */
const SECRET_QUERY = new Set(['token', 'code', 'key', 'secret', 'search', ...SECRET_FIELDS]);
/** Paths whose last segment is a secret: the activation code check. */
const SECRET_SEGMENT = /^(\/api\/validation_codes\/)[^/?#]+/;

/** The request URL fit for a log line: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_SEGMENT, '$1[Redacted]');
  if (query === undefined) return safePath;
  const pairs = query.split('&').map((pair) => {
    const name = pair.split('=', 1)[0] ?? '';
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name stays as it came.
    }
    return SECRET_QUERY.has(decoded.toLowerCase()) ? `${name}=[Redacted]` : pair;
  });
  return `${safePath}?${pairs.join('&')}`;
}

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-device-secret"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** From "params: " to the stack frames (or the end): the values of a failed query. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/**
 * pino's error serializer without the values of a failed query: Drizzle puts them in the
 * message, the stack and `params`, and they may be a product key, a secret or a password hash.
 */
export function errorSerializer(err: unknown): unknown {
  const out = stdSerializers.err(err as Error) as unknown;
  if (typeof out !== 'object' || out === null) return out;
  const fields = out as Record<string, unknown>;
  if ('params' in fields) fields.params = '[Redacted]';
  for (const key of ['message', 'stack'])
    if (typeof fields[key] === 'string')
      fields[key] = fields[key].replace(QUERY_PARAMS, '\nparams: [Redacted]');
  return out;
}

/** Request logging with a request id (from X-Request-Id when sane, else a new ULID). */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    // Redaction lives on a child so it holds whatever logger the caller passes.
    logger: logger.child({}, { redact: { paths: REDACTED_PATHS, censor: '[Redacted]' } }),
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : ulid();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      err: errorSerializer,
      // Mail links and searches carry tokens and product keys in the URL.
      req: (req: { url?: string; query?: unknown; params?: unknown }) => {
        const { query: _query, params: _params, ...rest } = req;
        return typeof rest.url === 'string' ? { ...rest, url: redactUrl(rest.url) } : rest;
      },
      // Response headers repeat the same security headers on every line; the status is enough.
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(_req, res, err) {
      return err || res.statusCode >= 500 ? 'error' : 'info';
    },
  });
}
