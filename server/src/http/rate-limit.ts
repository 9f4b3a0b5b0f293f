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

function limiter(
  redis: Redis,
  name: string,
  config: Config,
  options: {
    windowMs: number;
    limit: number;
    key: (req: Request) => string;
    skipSuccessfulRequests?: boolean;
  },
): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    keyGenerator: options.key,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(redis, `${config.redisPrefix}:rl:${name}:`),
    handler: (_req, _res, next) => next(new AppError(429, 'too_many_requests')),
  });
}

/** Login attempts: config.loginRateLimit failed attempts per IP and e-mail every 5 minutes. */
export function loginRateLimit(redis: Redis, config: Config): RequestHandler {
  return limiter(redis, 'login', config, {
    windowMs: 5 * 60 * 1000,
    limit: config.loginRateLimit,
    skipSuccessfulRequests: true,
    key: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `${clientIp(req)}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });
}

/** Forgot-password requests: config.forgotPasswordRateLimit per IP every 15 minutes. */
export function forgotPasswordRateLimit(redis: Redis, config: Config): RequestHandler {
  return limiter(redis, 'forgot', config, {
    windowMs: 15 * 60 * 1000,
    limit: config.forgotPasswordRateLimit,
    key: clientIp,
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
