import type {
  DeviceSecretExchange,
  TelemetryRejection,
  TelemetryReply,
} from '@aircloud/shared/devices';
import type { Violation } from '@aircloud/shared/errors';
import express, { Router, type ErrorRequestHandler, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { isUnavailableError } from '../http/error-handler.ts';
import type { DeviceAuthenticator, VerifiedDevice } from './device-auth.ts';
import { deviceCredentials } from './device-auth.ts';
import { followUpCredential } from './credential-follow-up.ts';
import { claimDeviceSecret, forgetDeviceEverywhere } from '@aircloud/core/devices/credentials';
import type { DeviceMetrics } from './metrics.ts';
import { announcePurifierReports, applyPurifierReports } from './purifier-reports.ts';
import type { SampleBatcher } from './sample-batcher.ts';
import { parsePurifierTelemetry, parseSensorTelemetry } from './telemetry.ts';
import { REJECTION_STATUS, rejectionBody } from './rejections.ts';
import './openapi.ts';

interface DeviceApiDeps {
  ctx: AppContext;
  auth: DeviceAuthenticator;
  batcher: SampleBatcher;
  metrics: DeviceMetrics;
}

/** Answers a refused telemetry post (counted per reason); devices read `hydra:description`. */
function refuse(
  res: Response,
  metrics: DeviceMetrics,
  reason: TelemetryRejection,
  violations?: Violation[],
): void {
  metrics.reject(reason);
  if (reason === 'unauthorized') res.set('WWW-Authenticate', 'Basic realm="aircloud-device"');
  if (reason === 'unavailable') res.set('Retry-After', '5');
  res.status(REJECTION_STATUS[reason]).json(rejectionBody(reason, violations));
}

/**
 * The device API, mounted before the browser middlewares (no request log line, no helmet, no
 * cookies): POST /device/v1/telemetry and POST /device/v1/credentials (their counters are in
 * the process's GET /metrics).
 */
export function deviceRoutes({ ctx, auth, batcher, metrics }: DeviceApiDeps): Router {
  const router = Router();
  const json = express.json({ limit: '1mb', type: () => true });

  router.post(
    '/device/v1/telemetry',
    async (req, res, next) => {
      metrics.request();
      const credentials = deviceCredentials(req.headers);
      const device = credentials ? await auth.verify(credentials.serial, credentials.secret) : null;
      if (!device) return refuse(res, metrics, 'unauthorized');
      res.locals.secret = credentials!.secret;
      if (!req.is(['application/json', 'application/ld+json']))
        return refuse(res, metrics, 'unsupported_media_type');
      res.locals.device = device;
      next();
    },
    json,
    async (req, res) => {
      const device = res.locals.device as VerifiedDevice;
      if (device.kind === 'sensor') {
        const parsed = parseSensorTelemetry(device.id, req.body);
        if (!parsed.ok) return refuse(res, metrics, 'validation', parsed.violations);
        const outcome = await batcher.store(parsed.items);
        metrics.samples(outcome.accepted, outcome.duplicates);
        const reply: TelemetryReply = {
          accepted: outcome.accepted,
          duplicates: outcome.duplicates,
        };
        return void res.json(reply);
      }
      const parsed = parsePurifierTelemetry(req.body);
      if (!parsed.ok) return refuse(res, metrics, 'validation', parsed.violations);
      const outcome = await applyPurifierReports(ctx.db, device.id, parsed.items);
      metrics.samples(parsed.items.length);
      await announcePurifierReports(ctx, outcome);
      const secret = await followUpCredential(ctx, device, res.locals.secret as string);
      const reply: TelemetryReply = {
        accepted: parsed.items.length,
        duplicates: 0,
        ...(outcome.desired ? { desired: outcome.desired } : {}),
        ...(secret ? { credentials: { device_secret: secret } } : {}),
      };
      if (secret) res.set('Cache-Control', 'no-store');
      res.json(reply);
    },
  );

  // The one exchange of a claim key (the product key) for the purifier's own device secret.
  router.post('/device/v1/credentials', async (req, res) => {
    metrics.request();
    const given = deviceCredentials(req.headers);
    const claimed = given ? await claimDeviceSecret(ctx.db, given.serial, given.secret) : null;
    if (!claimed) return refuse(res, metrics, 'unauthorized');
    auth.forget(given!.serial);
    await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, given!.serial);
    const body: DeviceSecretExchange = {
      device_secret: claimed.secret,
      mqtt_url: ctx.config.mqtt?.publicUrl ?? null,
    };
    res.status(201).set('Cache-Control', 'no-store').json(body);
  });

  const errors: ErrorRequestHandler = (
    err: { type?: string; status?: number },
    _req,
    res,
    next,
  ) => {
    if (res.headersSent) return next(err);
    if (err.type === 'entity.parse.failed') return refuse(res, metrics, 'invalid_json');
    if (err.type === 'entity.too.large') return refuse(res, metrics, 'too_large');
    if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported')
      return refuse(res, metrics, 'unsupported_media_type');
    // Any other body the parser refuses (a broken gzip stream, fewer bytes than announced).
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
      return refuse(res, metrics, 'invalid_json');
    if (isUnavailableError(err)) return refuse(res, metrics, 'unavailable');
    ctx.logger.error({ err }, 'telemetry failed');
    metrics.reject('unavailable');
    res
      .status(503)
      .json({ '@type': 'hydra:Error', 'hydra:description': 'service_unavailable', status: 503 });
  };
  router.use('/device', errors);
  return router;
}
