import type { Request, RequestHandler, Response } from 'express';
import type { ErrorKey } from '@aircloud/shared/errors';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { Cluster } from 'ioredis';
import type { RedisClient } from '@aircloud/core/lib/redis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Config } from '@aircloud/core/config';
import { AppError } from '@aircloud/core/errors';

function store(redis: RedisClient, prefix: string): RedisStore {
  if (redis instanceof Cluster) {
    // EVALSHA runs on the node of its key: the script is loaded on every master known (the
    // store loads it again on a NOSCRIPT: a cluster not yet connected, a master added since).
    const masters = () => redis.nodes('master');
    return new RedisStore({
      sendCommandCluster: ({ command: [name = '', ...args] }) =>
        name.toUpperCase() === 'SCRIPT' && masters().length > 0
          ? Promise.all(masters().map((node) => node.call(name, ...args))).then(
              (replies) => replies[0] as RedisReply,
            )
          : (redis.call(name, ...args) as Promise<RedisReply>),
      prefix,
    });
  }
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
  redis: RedisClient,
  name: string,
  config: Config,
  options: {
    windowMs: number;
    limit: number;
    key: (req: Request) => string;
    skipSuccessfulRequests?: boolean;
    skipFailedRequests?: boolean;
    /** What counts as a success for skipSuccessfulRequests (default: a status below 400). */
    requestWasSuccessful?: (req: Request, res: Response) => boolean;
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
    ...(options.requestWasSuccessful ? { requestWasSuccessful: options.requestWasSuccessful } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(redis, `${config.redisPrefix}:rl:${name}:`),
    handler: (_req, _res, next) => next(new AppError(429, 'too_many_requests')),
  });
}

/**
 * Limiters as one middleware: each runs once the ones before let the request through. All are
 * awaited, so a store failure (Redis down) reaches the error middleware like any error.
 */
function inTurn(first: RequestHandler, ...rest: RequestHandler[]): RequestHandler {
  if (rest.length === 0) return first;
  const second = inTurn(rest[0]!, ...rest.slice(1));
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
/** How many more failed logins one account may take from all addresses than from one. */
const LOGIN_ACCOUNT_FACTOR = 3;

/**
 * Login attempts, failures only: config.loginRateLimit per IP and e-mail every 5 minutes
 * (guessing one account's password), ten times that per IP over every e-mail (spraying one
 * password over many accounts, each attempt costing a password hash), and three times that per
 * e-mail from every address every 15 minutes (guessing one account's password from many
 * addresses).
 */
export function loginRateLimit(redis: RedisClient, config: Config): RequestHandler {
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
    limiter(redis, 'login-account', config, {
      windowMs: 15 * 60 * 1000,
      limit: config.loginRateLimit * LOGIN_ACCOUNT_FACTOR,
      skipSuccessfulRequests: true,
      key: bodyEmail,
      skip: (req) => bodyEmail(req) === '',
    }),
  );
}

/**
 * Activation mails (POST /api/registration and /api/registration/resend, counted together):
 * config.registrationRateLimit accepted requests per IP, and as many per e-mail address from
 * anywhere, every hour, so nobody floods an inbox with activation mails. Refused requests (bad
 * input, an e-mail already registered) mail nothing and do not count.
 */
export function activationMailRateLimit(redis: RedisClient, config: Config): RequestHandler {
  return inTurn(
    limiter(redis, 'registration', config, {
      windowMs: 60 * 60 * 1000,
      limit: config.registrationRateLimit,
      skipFailedRequests: true,
      key: clientIp,
    }),
    limiter(redis, 'registration-email', config, {
      windowMs: 60 * 60 * 1000,
      limit: config.registrationRateLimit,
      skipFailedRequests: true,
      key: bodyEmail,
      skip: (req) => bodyEmail(req) === '',
    }),
  );
}

/** The catalogue key the error middleware answered with (`res.locals.errorKey`). */
function answeredKey(res: Response): ErrorKey | undefined {
  return (res.locals as { errorKey?: ErrorKey }).errorKey;
}

/**
 * Password changes (POST /api/me/edit-password): config.passwordChangeRateLimit wrong current
 * passwords per user every 15 minutes, so a stolen session cannot guess the password it lacks.
 * Only `current_password_invalid` answers count.
 */
export function passwordChangeRateLimit(redis: RedisClient, config: Config): RequestHandler {
  return limiter(redis, 'edit-password', config, {
    windowMs: 15 * 60 * 1000,
    limit: config.passwordChangeRateLimit,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => answeredKey(res) !== 'current_password_invalid',
    key: (req) => String(req.user?.id ?? ''),
  });
}

/**
 * Forgot-password requests: config.forgotPasswordRateLimit per IP, and as many per e-mail
 * address from anywhere (no flood of reset mails to one inbox), every 15 minutes.
 */
export function forgotPasswordRateLimit(redis: RedisClient, config: Config): RequestHandler {
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
export function invitationRateLimit(redis: RedisClient, config: Config): RequestHandler {
  return limiter(redis, 'invite', config, {
    windowMs: 60 * 60 * 1000,
    limit: config.invitationRateLimit,
    skipFailedRequests: true,
    key: (req) => String(req.user?.id ?? ''),
  });
}

/** Meraki webhook posts: config.merakiRateLimit per purifier (path ulid) every minute. */
export function merakiWebhookRateLimit(redis: RedisClient, config: Config): RequestHandler {
  return limiter(redis, 'meraki', config, {
    windowMs: 60 * 1000,
    limit: config.merakiRateLimit,
    key: (req) => String(req.params.ulid ?? '').slice(0, 40),
  });
}
