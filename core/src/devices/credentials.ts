import { createHash, timingSafeEqual } from 'node:crypto';
import { deviceRoom } from '@aircloud/shared/devices';
import { normalizeProductKey } from '@aircloud/shared/product-keys';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RedisClient } from '../lib/redis.ts';
import type { Database } from '../db/client.ts';
import { productKeys, purifiers } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';
import { keyringOf, type AppSecrets, type Keyring } from '../lib/keyring.ts';
import { newDeviceSecret } from '../sensors/provisioning.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import { deviceNamespace } from '../purifiers/push.ts';
import { onDeviceBroker, provisionDeviceAccount } from '../mqtt/device-broker.ts';

/**
 * A purifier's device credential (docs/api-devices.md), as the field does it (ThingsBoard's
 * claiming, AWS IoT fleet provisioning): the product key on the label only CLAIMS the purifier
 * for a user; the device then exchanges it, once, for a secret of its own, and from then on only
 * that secret speaks as the device. At every change of owner the secret is rotated: a new one is
 * handed to the device over its authenticated channel (socket event, telemetry reply), and the
 * old one stops working as soon as the device first uses the new one.
 */

type Executor = Pick<Database, 'select' | 'update' | 'execute'>;

/** The Redis channel on which nodes tell each other to forget a device's cached credential. */
export const deviceAuthChannel = (prefix: string) => `${prefix}:device-auth`;

/**
 * This process's caches of device credentials (server/src/devices/device-auth.ts). A change
 * forgets them here before it answers, not only when its Redis message comes back: the device's
 * next request could otherwise be read first. Module state on purpose: every cache of the
 * process must hear it, and forgetting more than needed costs only a lookup.
 */
const localCaches = new Set<(serial: string) => void>();

/** Registers a cache of this process to forget serials at once; answers how to stop. */
export function onDeviceForgotten(forget: (serial: string) => void): () => void {
  localCaches.add(forget);
  return () => localCaches.delete(forget);
}

/** Tells every server node to drop its cached credential of `serial` (after a change). */
export async function forgetDeviceEverywhere(
  redis: RedisClient,
  prefix: string,
  serial: string,
): Promise<void> {
  for (const forget of localCaches) forget(serial);
  await redis.publish(deviceAuthChannel(prefix), serial);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * POST /device/v1/credentials: the one exchange of a claim key for a device secret. Only for a
 * purifier that a user has claimed (key activated) and that holds no secret yet; the key is
 * compared in constant time. Answers the new secret (shown once, stored hashed), or null.
 */
export async function claimDeviceSecret(
  db: Database,
  serial: string,
  productKey: string,
): Promise<{ purifierId: string; secret: string } | null> {
  if (serial.length > 100 || productKey.length > 200) return null;
  const [row] = await db
    .select({ id: purifiers.id, key: productKeys.key, hash: purifiers.deviceSecretHash })
    .from(purifiers)
    .innerJoin(productKeys, eq(productKeys.id, purifiers.productKeyId))
    .where(
      and(
        eq(purifiers.serialNumber, serial),
        eq(productKeys.state, 'activated'),
        sql`${purifiers.userId} IS NOT NULL`,
      ),
    )
    .limit(1);
  const expected = row?.key ?? 'no such purifier';
  const matches = timingSafeEqual(digest(normalizeProductKey(productKey)), digest(expected));
  if (!row || !matches || row.hash !== null) return null;
  const secret = newDeviceSecret();
  const [claimed] = await db
    .update(purifiers)
    .set({ deviceSecretHash: sha256(secret), deviceSecretIssuedAt: new Date() })
    .where(and(eq(purifiers.id, row.id), isNull(purifiers.deviceSecretHash)))
    .returning({ id: purifiers.id });
  if (!claimed) return null;
  await provisionDeviceAccount(serial, secret);
  return { purifierId: claimed.id, secret };
}

/**
 * Gives a purifier a device secret directly (the demo's and the tests' simulated devices, which
 * are built by us rather than claimed): any earlier secret or rotation stops working.
 */
export async function issueDeviceSecret(db: Executor, purifierId: string): Promise<string> {
  const secret = newDeviceSecret();
  const [{ serial } = { serial: '' }] = await db
    .update(purifiers)
    .set({
      deviceSecretHash: sha256(secret),
      deviceSecretNextHash: null,
      deviceSecretNextSealed: null,
      deviceSecretIssuedAt: new Date(),
    })
    .where(eq(purifiers.id, purifierId))
    .returning({ serial: purifiers.serialNumber });
  await provisionDeviceAccount(serial, secret);
  return secret;
}

/**
 * Starts a rotation of a purifier's device secret (change of owner), inside the caller's
 * transaction: a new secret waits, sealed, to be handed to the device. A rotation already under
 * way is kept (its secret only ever went to the holder of the current one), so a device never
 * receives a secret that is then replaced behind its back. Answers the pending secret, or null
 * when the purifier has no device secret yet (nothing to rotate: it has never been claimed).
 */
export async function rotateDeviceSecret(
  db: Executor,
  purifierId: string,
  keys: Keyring,
): Promise<string | null> {
  const secret = newDeviceSecret();
  const { rows } = await db.execute<{ sealed: string | null }>(sql`
    UPDATE purifiers SET
      device_secret_next_hash = coalesce(device_secret_next_hash, ${sha256(secret)}),
      device_secret_next_sealed = coalesce(device_secret_next_sealed, ${keys.seal(secret)})
    WHERE id = ${purifierId} AND device_secret_hash IS NOT NULL
    RETURNING device_secret_next_sealed AS sealed`);
  const sealed = rows[0]?.sealed;
  if (!sealed) return null;
  return keys.open(sealed)?.plain ?? (await renewPendingSecret(db, purifierId, sealed, keys));
}

/** The secret a rotation is waiting to hand over, from its sealed form (null when unreadable). */
export function pendingDeviceSecret(sealed: string | null, keys: Keyring): string | null {
  return sealed ? (keys.open(sealed)?.plain ?? null) : null;
}

/**
 * A rotation whose pending secret no key opens any more (APP_SECRET changed without
 * APP_SECRET_PREVIOUS): a new pending secret replaces it, unless another request already did
 * (the UPDATE is conditional on the unreadable value). It only ever goes to the holder of the
 * current secret, as the one it replaces would have. Answers the pending secret now waiting, or
 * null when the rotation finished meanwhile.
 */
export async function renewPendingSecret(
  db: Executor,
  purifierId: string,
  unreadable: string,
  keys: Keyring,
): Promise<string | null> {
  const secret = newDeviceSecret();
  const { rows } = await db.execute<{ sealed: string | null }>(sql`
    UPDATE purifiers SET device_secret_next_hash = ${sha256(secret)},
           device_secret_next_sealed = ${keys.seal(secret)}
     WHERE id = ${purifierId} AND device_secret_next_sealed = ${unreadable}
    RETURNING device_secret_next_sealed AS sealed`);
  if (rows[0]) return secret;
  const [row] = await db
    .select({ sealed: purifiers.deviceSecretNextSealed })
    .from(purifiers)
    .where(eq(purifiers.id, purifierId));
  return pendingDeviceSecret(row?.sealed ?? null, keys);
}

/**
 * The device used the new secret of a rotation: it becomes the only one. Answers the hash of the
 * retired secret (to close the sockets that still use it), or null when another request already
 * finished the rotation.
 */
export async function completeRotation(
  db: Executor,
  purifierId: string,
  nextHash: string,
): Promise<string | null> {
  const { rows } = await db.execute<{ retired: string }>(sql`
    UPDATE purifiers p SET device_secret_hash = p.device_secret_next_hash,
           device_secret_next_hash = NULL, device_secret_next_sealed = NULL,
           device_secret_issued_at = now()
      FROM purifiers old
     WHERE p.id = ${purifierId} AND old.id = p.id AND p.device_secret_next_hash = ${nextHash}
    RETURNING old.device_secret_hash AS retired`);
  return rows[0]?.retired ?? null;
}

/**
 * Hands a rotation's new secret to the device: its open sockets (any server node) and its MQTT
 * `credentials` topic (only the device may read it).
 */
export async function deliverDeviceSecret(
  io: RealtimeServer,
  purifier: { id: string; serialNumber: string },
  secret: string,
): Promise<void> {
  deviceNamespace(io).to(deviceRoom(purifier.id)).emit('credentials', { device_secret: secret });
  await onDeviceBroker('new secret', (broker) =>
    broker.publishCredentials(purifier.serialNumber, secret),
  );
}

/** The keyring sealing a rotation's pending secret at rest (APP_SECRET and its predecessors). */
export function sealKeyOf(secrets: AppSecrets): Keyring {
  return keyringOf(secrets, 'device-secret');
}
