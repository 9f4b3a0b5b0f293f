import { createServer, type Server as HttpServer } from 'node:http';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import helmet from 'helmet';
import type { AppContext, AppDeps } from './context.ts';
import { authenticate } from './http/authenticate.ts';
import { clientAppRoutes } from './http/client-app.ts';
import { originCheck } from './http/csrf.ts';
import { errorHandler, notFound } from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { createServerMetrics } from './http/metrics.ts';
import { requestLogger } from './http/request-logger.ts';
import { limitRequestTime, uploadDeadlineMs } from './http/request-timeout.ts';
import { JSON_TYPES } from './http/validate.ts';
import { answerJsonLd } from './http/json-ld.ts';
import { createDeviceApi, type DeviceApi } from './devices/device-api.ts';
import { QUEUES, createQueue } from '@aircloud/core/queues';
import { queueConnection } from '@aircloud/core/lib/redis';
import { emailChannel } from '@aircloud/core/notifications/email';
import { channelHooks, webhookChannel } from '@aircloud/core/notifications/webhooks';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { securityRoutes } from './modules/auth/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import {
  notificationPreferenceRoutes,
  notificationRoutes,
} from './modules/notifications/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { pushSubscriptionRoutes } from './modules/push-subscriptions/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { productKeyRoutes } from './modules/product-keys/routes.ts';
import { purifierRoutes } from './modules/purifiers/routes.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { sensorOverviewRoutes } from './modules/sensors/overview.ts';
import { fleetRoutes } from './modules/fleet/routes.ts';
import { firmwareRolloutRoutes } from './modules/firmware-rollouts/routes.ts';
import { effectivenessRoutes } from './modules/effectiveness/routes.ts';
import { publicSensorRoutes, sensorRoutes } from './modules/sensors/routes.ts';
import {
  alertRuleRoutes,
  alertTriggerRoutes,
  sensorAlertRuleRoutes,
} from './modules/alert-rules/routes.ts';
import { firmwarePublicRoutes, firmwareRoutes } from './modules/firmware/routes.ts';
import { merakiRoutes, merakiWebhookRoutes } from './modules/meraki/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { startAbandonedMediaSweep } from './modules/media/service.ts';
import { sensorImportRoutes } from './modules/sensor-imports/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { freshTranslationOverrides } from './http/translation-overrides.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { auditLogRoutes } from './modules/audit-log/routes.ts';
import { telemetryRetentionRoutes } from './modules/telemetry-retention/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { hydraRoutes } from './hydra/routes.ts';
import { createRealtimeServer, type RealtimeServer } from '@aircloud/core/realtime/emitter';
import { attachRealtimeHandlers } from './realtime/gateway.ts';
import { attachPublicNamespace } from './realtime/public-sensors.ts';
import { attachFleetChannel } from './realtime/fleet-channel.ts';
import { SessionCache } from './http/session-cache.ts';

export type { AppDeps } from './context.ts';

/** What createApp returns: the Express app, its HTTP server (Socket.IO attached) and a closer. */
export interface AirCloudApp {
  app: Express;
  server: HttpServer;
  io: RealtimeServer;
  /** The device API (telemetry hot path, /device namespace, live relay). */
  devices: DeviceApi;
  /** The context routes use (tests and later modules may reuse it). */
  ctx: AppContext;
  /** This process's Prometheus registry (GET /metrics). */
  metrics: Registry;
  /**
   * First step of a shutdown: /readyz answers 503 `draining` so a proxy stops sending new
   * requests here, while requests under way and sockets are still served.
   */
  drain(): void;
  /** Stops Socket.IO and the HTTP server; the caller closes db, redis and queues it opened. */
  close(): Promise<void>;
}

/** Express `trust proxy` from the TRUST_PROXY string: true/false, a hop count, or addresses. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function securityHeaders(secure: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure,
  });
}

/** Builds the HTTP server of AirCloud: middlewares, routes, static client and Socket.IO. */
export function createApp(deps: AppDeps): AirCloudApp {
  const { config } = deps;
  const app = express();
  const server = createServer(
    {
      // A client has this long for its headers, and each request with a body its own deadline
      // (limitRequestTime); Node's request timeout stays as a backstop for the slowest upload.
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: uploadDeadlineMs(config.requestTimeoutMs, config.firmwareMaxBytes) * 2,
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  const io = createRealtimeServer(server, deps.redis, {
    redisPrefix: config.redisPrefix,
    allowedOrigins: config.allowedOrigins,
  });
  limitRequestTime(server, config.requestTimeoutMs);
  const webhookQueue = createQueue(
    QUEUES.webhooks,
    queueConnection(config, deps.redis),
    config.redisPrefix,
  );
  webhookQueue.on('error', (err) => deps.logger.warn({ err }, 'webhooks queue error'));
  const pushQueue = createQueue(
    QUEUES.push,
    queueConnection(config, deps.redis),
    config.redisPrefix,
  );
  pushQueue.on('error', (err) => deps.logger.warn({ err }, 'push queue error'));
  const ctx: AppContext = {
    ...deps,
    accessTokens: createAccessTokens(config.appSecret, config.appSecretPrevious),
    io,
    webhookQueue,
    pushQueue,
    notificationChannels: channelHooks(emailChannel(config.publicUrl), webhookChannel),
    // The LISTEN connection of the session cache: the pool's own settings, one more client.
    sessions: new SessionCache(deps.db.$client.options, deps.logger),
  };
  // Serves nothing until its LISTEN connection is up (and whenever it is down).
  void ctx.sessions.start();
  attachRealtimeHandlers(io, ctx);
  attachPublicNamespace(io, ctx);
  const stopFleetChannel = attachFleetChannel(io, ctx);
  const metrics = createServerMetrics(io, config.metricsToken);
  const samplesQueue =
    deps.samplesQueue ??
    createQueue(QUEUES.samples, queueConnection(config, deps.redis), config.redisPrefix);
  samplesQueue.on('error', (err) => deps.logger.warn({ err }, 'samples queue error'));
  const alertRulesQueue = createQueue(
    QUEUES.alertRules,
    queueConnection(config, deps.redis),
    config.redisPrefix,
  );
  alertRulesQueue.on('error', (err) => deps.logger.warn({ err }, 'alert-rules queue error'));
  const devices = createDeviceApi(ctx, samplesQueue, alertRulesQueue, metrics.registry);
  const sensorImportQueue = createQueue(
    QUEUES.sensorImport,
    queueConnection(config, deps.redis),
    config.redisPrefix,
  );
  sensorImportQueue.on('error', (err) => deps.logger.warn({ err }, 'sensor-import queue error'));
  // Uploads nobody attached within an hour: rows and files go (docs/security.md).
  const stopMediaSweep = startAbandonedMediaSweep(ctx);

  app.disable('x-powered-by');
  answerJsonLd(app);
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  // Every answer is timed (by route template), the device hot path included.
  app.use(metrics.observeHttp);
  app.get('/metrics', metrics.route);
  // The device hot path comes first: no request log line, no helmet, no cookie parsing.
  app.use(devices.router);
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders(config.secureCookies));
  app.use(cors({ origin: config.allowedOrigins, credentials: true }));
  const lifecycle = { draining: false };
  app.use(healthRoutes(ctx, lifecycle));
  // Public, before the JSON parser: Meraki posts here (the receiver reads its own body).
  app.use('/webhooks/meraki', merakiWebhookRoutes(ctx));
  app.use('/firmware', firmwarePublicRoutes(ctx));
  app.use(cookieParser());
  app.use(originCheck(config.allowedOrigins));
  app.use(express.json({ type: JSON_TYPES, limit: '1mb' }));

  // Administrators' texts over the catalogues, for the error texts this process translates.
  app.use(['/api', '/security'], freshTranslationOverrides(deps.db, deps.logger));
  // Public sensors: no account, no cookie needed (404 while a sensor is not public).
  app.use('/public/sensors', publicSensorRoutes(ctx));
  app.use('/security', securityRoutes(ctx));
  app.use('/api', authenticate(ctx));
  app.use('/api', hydraRoutes(ctx));
  app.use('/api', registrationRoutes(ctx));
  app.use('/api/me/notification_preferences', notificationPreferenceRoutes(ctx));
  app.use('/api/me', pushSubscriptionRoutes(ctx));
  app.use('/api/me', meRoutes(ctx));
  app.use('/api/notifications', notificationRoutes(ctx));
  app.use('/api/webhooks', webhookRoutes(ctx));
  app.use('/api/users', userRoutes(ctx));
  app.use('/api/media_objects', mediaRoutes(ctx));
  app.use(openApiRoutes(ctx));
  app.use('/api/product_keys', productKeyRoutes(ctx));
  app.use('/api/purifiers', purifierRoutes(ctx));
  app.use('/api/purifiers', effectivenessRoutes(ctx));
  app.use('/api/invitations', invitationRoutes(ctx));
  app.use('/api/purifiers', merakiRoutes(ctx));
  app.use('/api/sensors', sensorAlertRuleRoutes(ctx));
  app.use('/api/sensors', sensorRoutes(ctx));
  app.use('/api/sensor_overview', sensorOverviewRoutes(ctx));
  app.use('/api/fleet', fleetRoutes(ctx));
  app.use('/api/firmware_rollouts', firmwareRolloutRoutes(ctx));
  app.use('/api/alert_rules', alertRuleRoutes(ctx));
  app.use('/api/alert_triggers', alertTriggerRoutes(ctx));
  app.use('/api/firmwares', firmwareRoutes(ctx));
  app.use('/api/translations', translationRoutes(ctx));
  app.use('/api/audit_log', auditLogRoutes(ctx));
  app.use('/api/telemetry_retention', telemetryRetentionRoutes(ctx));
  app.use('/api', sensorImportRoutes(ctx, sensorImportQueue));
  app.use(['/api', '/security', '/device', '/webhooks', '/public'], notFound);

  const client = clientAppRoutes(config.clientDist);
  if (client) app.use(client);
  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    server,
    io,
    devices,
    ctx,
    metrics: metrics.registry,
    drain: () => {
      lifecycle.draining = true;
    },
    close: async () => {
      lifecycle.draining = true;
      stopMediaSweep();
      stopFleetChannel();
      await ctx.sessions.stop();
      await new Promise<void>((resolve) => {
        // io.close also closes the HTTP server (and ends idle keep-alive connections).
        void io.close(() => {
          server.closeAllConnections();
          resolve();
        });
      });
      await devices.close();
      if (!deps.samplesQueue) await samplesQueue.close();
      await alertRulesQueue.close();
      await sensorImportQueue.close();
      await webhookQueue.close();
      await pushQueue.close();
    },
  };
}
