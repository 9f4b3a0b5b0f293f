import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

function store(redis: Redis, prefix: string): RedisStore {
  return new RedisStore({
    sendCommand: (command: string, ...args: string[]) =>
      redis.call(command, ...args) as Promise<RedisReply>,
    prefix,
  });
}

function clientIp(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** The e-mail of a JSON body, normalised; '' when there is none. */
function bodyEmail(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function limiter(
  redis: Redis,
  name: string,
  config: Config,
  options: {
    windowMs: number;
    limit: number;
    key: (req: Request) => string;
    skipSuccessfulRequests?: boolean;
    skipFailedRequests?: boolean;
    skip?: (req: Request) => boolean;
  },
): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    keyGenerator: options.key,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    skipFailedRequests: options.skipFailedRequests ?? false,
    ...(options.skip ? { skip: options.skip } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(redis, `${config.redisPrefix}:rl:${name}:`),
    handler: (_req, _res, next) => next(new AppError(429, 'too_many_requests')),
  });
}

/**
 * Two limiters as one middleware: the second runs once the first let the request through. Both
 * are awaited, so a store failure (Redis down) reaches the error middleware like any error.
 */
function inTurn(first: RequestHandler, second: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    let passed = false;
    let refusal: unknown;
    await first(req, res, (err?: unknown) => {
      if (err) refusal = err;
      else passed = true;
    });
    if (refusal !== undefined) return next(refusal);
    if (passed) await second(req, res, next);
  };
}

/** How many more failed logins one address may make, over all e-mails, than per e-mail. */
const LOGIN_IP_FACTOR = 10;

/**
 * Login attempts, failures only: config.loginRateLimit per IP and e-mail every 5 minutes
 * (guessing one account's password), and ten times that per IP over every e-mail (spraying one
 * password over many accounts, each attempt costing a password hash).
 */
export function loginRateLimit(redis: Redis, config: Config): RequestHandler {
  return inTurn(
    limiter(redis, 'login', config, {
      windowMs: 5 * 60 * 1000,
      limit: config.loginRateLimit,
      skipSuccessfulRequests: true,
      key: (req) => `${clientIp(req)}|${bodyEmail(req)}`,
    }),
    limiter(redis, 'login-ip', config, {
      windowMs: 5 * 60 * 1000,
      limit: config.loginRateLimit * LOGIN_IP_FACTOR,
      skipSuccessfulRequests: true,
      key: clientIp,
    }),
  );
}

/**
 * Forgot-password requests: config.forgotPasswordRateLimit per IP, and as many per e-mail
 * address from anywhere (no flood of reset mails to one inbox), every 15 minutes.
 */
export function forgotPasswordRateLimit(redis: Redis, config: Config): RequestHandler {
  return inTurn(
    limiter(redis, 'forgot', config, {
      windowMs: 15 * 60 * 1000,
      limit: config.forgotPasswordRateLimit,
      key: clientIp,
    }),
    limiter(redis, 'forgot-email', config, {
      windowMs: 15 * 60 * 1000,
      limit: config.forgotPasswordRateLimit,
      key: bodyEmail,
      skip: (req) => bodyEmail(req) === '',
    }),
  );
}

/**
 * Invitation sends: config.invitationRateLimit accepted requests per user every hour (each one
 * mails up to 20 addresses), so an account cannot be used to mail strangers in bulk. Refused
 * requests (bad input, machines not the user's) do not count.
 */
export function invitationRateLimit(redis: Redis, config: Config): RequestHandler {
  return limiter(redis, 'invite', config, {
    windowMs: 60 * 60 * 1000,
    limit: config.invitationRateLimit,
    skipFailedRequests: true,
    key: (req) => String(req.user?.id ?? ''),
  });
}

/** Meraki webhook posts: config.merakiRateLimit per purifier (path ulid) every minute. */
export function merakiWebhookRateLimit(redis: Redis, config: Config): RequestHandler {
  return limiter(redis, 'meraki', config, {
    windowMs: 60 * 1000,
    limit: config.merakiRateLimit,
    key: (req) => String(req.params.ulid ?? '').slice(0, 40),
  });
}
