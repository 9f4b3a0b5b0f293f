import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { ulid } from 'ulid';

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
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

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
      // Response headers repeat the same security headers on every line; the status is enough.
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(_req, res, err) {
      return err || res.statusCode >= 500 ? 'error' : 'info';
    },
  });
}
