import { deviceCredentialRoom } from '@aircloud/shared/devices';
import type { RedisClient } from '@aircloud/core/lib/redis';
import type { Database } from '@aircloud/core/db/client';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import type { VerifiedDevice } from './device-auth.ts';
import {
  completeRotation,
  forgetDeviceEverywhere,
  pendingDeviceSecret,
  renewPendingSecret,
  sealKeyOf,
} from '@aircloud/core/devices/credentials';
import { deviceNamespace } from '@aircloud/core/purifiers/push';
import { provisionDeviceAccount } from '@aircloud/core/mqtt/device-broker';

/** What a device's credential check needs of the app. */
interface CredentialContext {
  db: Database;
  redis: RedisClient;
  io: RealtimeServer;
  config: { appSecret: string; appSecretPrevious: readonly string[]; redisPrefix: string };
}

/**
 * After a purifier authenticated (telemetry post or socket handshake): a device that used the
 * new secret of a rotation finishes it (the old secret stops working on every node and the
 * sockets still using it are closed); a device that used its current secret while a rotation
 * waits gets the new secret back (answered here, to hand over in the reply or on the socket).
 * A pending secret no key opens any more (APP_SECRET changed without APP_SECRET_PREVIOUS) is
 * replaced by a fresh one, handed over the same way: the rotation goes on rather than stalls.
 * `secret` is the secret the device used (known here in clear): a completed rotation gives it
 * to the device's broker account, which closes the MQTT sessions of the old one.
 */
export async function followUpCredential(
  ctx: CredentialContext,
  device: VerifiedDevice,
  secret: string,
): Promise<string | null> {
  if (device.kind !== 'purifier') return null;
  if (device.credential === 'next') {
    const retired = await completeRotation(ctx.db, device.id, device.hash);
    if (retired) await provisionDeviceAccount(device.serialNumber, secret);
    await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, device.serialNumber);
    if (retired)
      deviceNamespace(ctx.io)
        .in(deviceCredentialRoom(device.id, retired.slice(0, 16)))
        .disconnectSockets(true);
    return null;
  }
  if (!device.pendingSealed) return null;
  const keys = sealKeyOf(ctx.config);
  const pending = pendingDeviceSecret(device.pendingSealed, keys);
  if (pending !== null) return pending;
  const renewed = await renewPendingSecret(ctx.db, device.id, device.pendingSealed, keys);
  // Every node's cached credential names the replaced pending secret: forgotten.
  await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, device.serialNumber);
  return renewed;
}
