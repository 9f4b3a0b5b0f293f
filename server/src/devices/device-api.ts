import { countAcceptedSamples } from '@aircloud/core/fleet/telemetry-rate';
import type { Queue } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Router } from 'express';
import type { JobData } from '@aircloud/core/queues';
import type { AppContext } from '../context.ts';
import { DeviceAuthenticator } from './device-auth.ts';
import { deviceAuthChannel } from '@aircloud/core/devices/credentials';
import { recordDeviceEvents } from '@aircloud/core/devices/events';
import { attachDeviceNamespace } from './device-socket.ts';
import { publishFlush, relayLiveSamples } from './live-samples.ts';
import { DeviceMetrics } from './metrics.ts';
import { deviceRoutes } from './routes.ts';
import { pushSensorsWifi } from '@aircloud/core/sensors/live';
import { SampleBatcher } from './sample-batcher.ts';
import { RuleSensors } from '../modules/alert-rules/rule-sensors.ts';
import { DeviceBroker, useDeviceBroker } from '@aircloud/core/mqtt/device-broker';
import {
  reconcileAllDeviceAccounts,
  reconcileDeviceAccounts,
} from '@aircloud/core/mqtt/device-accounts';
import { startMqttTransport, type MqttTransport } from './mqtt-transport.ts';

/** The device side of a server process: HTTP routes, /device namespace, live relay. */
export interface DeviceApi {
  router: Router;
  metrics: DeviceMetrics;
  batcher: SampleBatcher;
  auth: DeviceAuthenticator;
  /** Resolves once the live relay listens. */
  ready: Promise<void>;
  /** Waits for pending flushes, stops the relay. */
  close(): Promise<void>;
}

/**
 * Wires the telemetry hot path: authentication cache, group commit, then per flush ONE Redis
 * message for the browsers, ONE `samples` job for the worker (roll-up, alert rules) and, when the
 * flush holds samples of sensors with enabled alert rules, ONE `alert-rules` job (fast path).
 */
export function createDeviceApi(
  ctx: AppContext,
  samplesQueue: Queue<JobData['samples']>,
  alertRulesQueue?: Queue<JobData['alert-rules']>,
  registry?: Registry,
): DeviceApi {
  const metrics = new DeviceMetrics(registry);
  const ruleSensors = new RuleSensors(ctx.db, ctx.logger);
  if (alertRulesQueue) ruleSensors.start();
  const auth = new DeviceAuthenticator(ctx.db.$client);
  const batcher = new SampleBatcher(ctx.db.$client, ctx.logger, async (flush, stored, seconds) => {
    metrics.flushed(stored.length, seconds);
    const work: Promise<unknown>[] = [publishFlush(ctx.redis, ctx.config.redisPrefix, stored)];
    if (stored.length > 0) {
      work.push(countAcceptedSamples(ctx.redis, ctx.config.redisPrefix, stored.length, new Date()));
      let from = Infinity;
      let to = -Infinity;
      const sensorIds = new Set<string>();
      for (const row of stored) {
        if (row.ts < from) from = row.ts;
        if (row.ts > to) to = row.ts;
        sensorIds.add(row.sensorId);
      }
      // Sensors with alert rules also get a job of their own, ahead of the roll-ups.
      const ruleSensorIds = [...sensorIds].filter((id) => ruleSensors.has(id));
      if (alertRulesQueue && ruleSensorIds.length > 0)
        work.push(
          alertRulesQueue.add(
            'evaluate',
            {
              batchId: flush.batchId,
              sensorIds: ruleSensorIds,
              from: new Date(from).toISOString(),
              to: new Date(to).toISOString(),
            },
            { jobId: `alerts-${flush.batchId}` },
          ),
        );
      work.push(
        samplesQueue.add(
          'rollup',
          {
            batchId: flush.batchId,
            sensorIds: [...sensorIds],
            from: new Date(from).toISOString(),
            to: new Date(to).toISOString(),
          },
          { jobId: `batch-${flush.batchId}` },
        ),
      );
    }
    if (flush.reconnected.length > 0) {
      const now = new Date();
      work.push(
        recordDeviceEvents(
          ctx.db,
          flush.reconnected.map((r) => ({
            deviceKind: 'sensor' as const,
            deviceId: r.id,
            type: 'wifi' as const,
            from: r.was,
            to: 'connected',
            at: now,
          })),
        ),
      );
      pushSensorsWifi(
        ctx.io,
        flush.reconnected.map((r) => ({ id: r.id, lastSeenAt: now })),
        'connected',
      );
    }
    await Promise.all(work);
  });
  attachDeviceNamespace(ctx, auth);
  const subscriber = ctx.redis.duplicate();
  subscriber.on('error', (err) => ctx.logger.warn({ err }, 'samples subscriber error'));
  const relay = relayLiveSamples(subscriber, ctx.config.redisPrefix, ctx.io, ctx.logger);
  relay.catch((err: unknown) => ctx.logger.error({ err }, 'samples relay failed'));
  const mqtt = ctx.config.mqtt ? startMqtt(ctx, auth, batcher, metrics) : null;
  const authSubscriber = ctx.redis.duplicate();
  authSubscriber.on('error', (err) => ctx.logger.warn({ err }, 'device-auth subscriber error'));
  const forgets = auth.listen(
    authSubscriber,
    deviceAuthChannel(ctx.config.redisPrefix),
    mqtt?.onForget,
  );
  forgets.catch((err: unknown) => ctx.logger.error({ err }, 'device credential listener failed'));
  return {
    router: deviceRoutes({ ctx, auth, batcher, metrics }),
    metrics,
    batcher,
    auth,
    ready: Promise.all([relay, forgets, mqtt?.transport.ready]).then(() => undefined),
    async close() {
      await mqtt?.close();
      await batcher.drain();
      await ruleSensors.stop();
      await (
        await relay.catch(() => async () => undefined)
      )();
      await (
        await forgets.catch(() => async () => undefined)
      )();
    },
  };
}

/**
 * The MQTT side of a server (docs/api-devices.md, "MQTT"): its broker connection (accounts,
 * publications), its telemetry subscription, the accounts checked at start and after each
 * credential change that every node hears of (`onForget`).
 */
function startMqtt(
  ctx: AppContext,
  auth: DeviceAuthenticator,
  batcher: SampleBatcher,
  metrics: DeviceMetrics,
): { transport: MqttTransport; onForget: (serial: string) => void; close(): Promise<void> } {
  const settings = ctx.config.mqtt!;
  const broker = DeviceBroker.open({ url: settings.url, kind: settings.kind }, ctx.logger);
  useDeviceBroker(broker);
  const dynsec = broker.dynsec;
  if (dynsec)
    broker
      .prepare()
      .then(() => reconcileAllDeviceAccounts(ctx.db, dynsec))
      .then((done) => ctx.logger.info(done, 'device broker accounts reconciled'))
      .catch((err: unknown) => ctx.logger.warn({ err }, 'device broker reconciliation failed'));
  const transport = startMqttTransport({ ctx, auth, batcher, metrics, broker });
  return {
    transport,
    onForget(serial) {
      if (!dynsec) return;
      reconcileDeviceAccounts(ctx.db, dynsec, [serial]).catch((err: unknown) =>
        ctx.logger.warn({ err, serial }, 'device broker account not reconciled'),
      );
    },
    async close() {
      await transport.close();
      useDeviceBroker(null);
      await broker.close();
    },
  };
}
