import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError, type z } from 'zod';
import { ERROR_KEYS, type ErrorKey, type Violation } from '@aircloud/shared/errors';
import { pickLanguage, translate } from '@aircloud/shared/i18n/translate';
import type { Language } from '@aircloud/shared/constants';
import { AppError } from '@aircloud/core/errors';
import { causeChain, pgErrorOf } from '@aircloud/core/db/pg-error';
import { constraintViolationList, hydraError } from '@aircloud/core/jsonld';
import { reportError } from '@aircloud/core/error-reporting/reporter';

const CATALOGUE = new Set<string>(ERROR_KEYS);
/** Password problems the client shows with their own message rather than "some fields are invalid". */
const PASSWORD_KEYS = ['password_must_be', 'new_password_invalid'];

/** Turns one zod issue into the violations the client reads (`code` without `validation.`). */
function issueViolations(issue: z.core.$ZodIssue, lang: Language): Violation[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      propertyPath: [...path, key].join('.'),
      code: 'unknown_field',
      message: translate(lang, 'validation.unknown_field'),
    }));
  }
  let code: string;
  let message: string;
  if (issue.message.startsWith('validation.')) {
    code = issue.message.slice('validation.'.length);
    // A refinement may name what its message speaks of (`{{host}}` of a media link).
    const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : {};
    const vars = {
      max: 'maximum' in issue ? String(issue.maximum) : '',
      min: 'minimum' in issue ? String(issue.minimum) : '',
      ...params,
    };
    message = translate(lang, issue.message, vars);
  } else if (issue.message.startsWith('form.')) {
    // Field-specific texts of the spec (`form.lastname.required`): the code keeps its prefix.
    code = issue.message;
    // A custom issue may name what it is about (`{{email}}`) in its params.
    const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : {};
    message = translate(lang, issue.message, params ?? {});
  } else if (CATALOGUE.has(issue.message)) {
    code = issue.message;
    message = translate(lang, `errors.${code}`);
  } else {
    code = 'invalid';
    message = translate(lang, 'validation.invalid');
  }
  return [{ propertyPath: path.join('.'), code, message }];
}

/** The catalogue key of a list of violations: a password key when it is the only problem. */
function violationsKey(violations: Violation[]): string {
  if (violations.length > 0 && violations.every((v) => PASSWORD_KEYS.includes(v.code))) {
    return violations.some((v) => v.code === 'password_must_be')
      ? 'password_must_be'
      : 'new_password_invalid';
  }
  return 'validation_failed';
}

const PG_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True when the error (or one of its causes) says PostgreSQL or Redis cannot be reached. */
export function isUnavailableError(err: unknown): boolean {
  for (const candidate of causeChain(err)) {
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (PG_UNAVAILABLE.has(code) || /^08/.test(code)) return true;
    if (candidate.name === 'MaxRetriesPerRequestError') return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Connection is closed/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/**
 * SQLSTATEs of values PostgreSQL cannot hold, which only client input brings: a NUL character
 * in text (22021) or in JSON (22P05), a number or a date out of the column's range.
 */
const PG_BAD_INPUT = new Set(['22021', '22P05', '22003', '22008']);

/** True when the error (or one of its causes) is PostgreSQL refusing a value it was given. */
export function isBadInputError(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  return code !== undefined && PG_BAD_INPUT.has(code);
}

/** Maps Express / body-parser errors that carry a status to catalogue keys. */
function httpErrorKey(err: { type?: unknown; status?: unknown }): [number, ErrorKey] | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return [400, 'invalid_json'];
    case 'entity.too.large':
      return [413, 'payload_too_large'];
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return [415, 'unsupported_media_type'];
  }
  const status = typeof err.status === 'number' ? err.status : 0;
  if (status === 404) return [404, 'not_found'];
  if (status === 413) return [413, 'payload_too_large'];
  if (status === 415) return [415, 'unsupported_media_type'];
  if (status >= 400 && status < 500) return [status, 'bad_request'];
  return null;
}

/** The one error middleware: writes the hydra error body, never internals. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const lang = pickLanguage(req.get('accept-language'));
  if (res.headersSent) {
    req.log?.error({ err }, 'error after the response started');
    reportError(err, {
      request: { method: req.method, url: req.originalUrl, headers: req.headers },
    });
    res.destroy();
    return;
  }
  if (err instanceof ZodError) {
    const violations = err.issues.flatMap((issue) => issueViolations(issue, lang));
    const key = violationsKey(violations);
    res
      .status(422)
      .json(constraintViolationList(key, translate(lang, `errors.${key}`), violations));
    return;
  }
  if (err instanceof AppError) {
    // Read by limiters that count some refusals only (http/rate-limit.ts).
    res.locals.errorKey = err.key;
    const title = translate(lang, `errors.${err.key}`, err.params);
    if (err.violations) {
      const violations = err.violations.map((v) => ({ ...v, message: v.message || title }));
      res
        .status(err.status)
        .json({ ...constraintViolationList(err.key, title, violations), status: err.status });
    } else {
      res.status(err.status).json(hydraError(err.status, err.key, title));
    }
    return;
  }
  const mapped =
    err && typeof err === 'object'
      ? httpErrorKey(err as { type?: unknown; status?: unknown })
      : null;
  if (mapped) {
    const [status, key] = mapped;
    res.status(status).json(hydraError(status, key, translate(lang, `errors.${key}`)));
    return;
  }
  if (isBadInputError(err)) {
    res.status(400).json(hydraError(400, 'bad_request', translate(lang, 'errors.bad_request')));
    return;
  }
  if (isUnavailableError(err)) {
    req.log?.error({ err }, 'a backing service is unavailable');
    res
      .status(503)
      .json(hydraError(503, 'service_unavailable', translate(lang, 'errors.service_unavailable')));
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  // To the error-reporting service when SENTRY_DSN is set (scrubbed there of tokens, cookies).
  reportError(err, {
    request: { method: req.method, url: req.originalUrl, headers: req.headers },
    tags: { status: '500', ...(req.route ? { route: String(req.route.path) } : {}) },
  });
  res
    .status(500)
    .json(hydraError(500, 'server_unavailable', translate(lang, 'errors.server_unavailable')));
};

/** 404 `not_found` for API paths no route matched. */
export const notFound: RequestHandler = (_req, _res, next) => {
  next(new AppError(404, 'not_found'));
};
