import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeviceKind } from '@aircloud/shared/devices';
import type { RedisClient } from '@aircloud/core/lib/redis';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { onDeviceForgotten } from '@aircloud/core/devices/credentials';

/** Who a device is once authenticated. */
export interface DeviceIdentity {
  kind: DeviceKind;
  id: string;
  serialNumber: string;
}

/** An authenticated device, and which of its secrets it used. */
export interface VerifiedDevice extends DeviceIdentity {
  /**
   * `current`: its secret; `next`: the new secret of a rotation under way (docs/api-devices.md),
   * which the caller then makes the only one (completeRotation).
   */
  credential: 'current' | 'next';
  /** The start of the hash of the secret used (names the sockets that use it). */
  tag: string;
  /** Hex SHA-256 of the secret used. */
  hash: string;
  /** A rotation's new secret, sealed, while it waits for the device (current credential only). */
  pendingSealed: string | null;
}

interface CacheEntry {
  identity: DeviceIdentity | null;
  /** SHA-256 of the expected secret (a dummy for unknown serials, so both paths cost the same). */
  hash: Buffer;
  /** SHA-256 of a rotation's new secret, or the dummy. */
  nextHash: Buffer;
  nextSealed: string | null;
}

const DUMMY_HASH = createHash('sha256').update('no such device').digest();

/** A device as the credential lookup reads it. */
interface DeviceRow {
  kind: DeviceKind;
  id: string;
  hash: string;
  next_hash: string | null;
  next_sealed: string | null;
}

/** Serial and secret from `Authorization: Basic` or the X-Device-Serial / X-Device-Secret headers. */
export function deviceCredentials(headers: {
  authorization?: string;
  'x-device-serial'?: string | string[];
  'x-device-secret'?: string | string[];
}): { serial: string; secret: string } | null {
  const auth = headers.authorization;
  if (auth && auth.slice(0, 6).toLowerCase() === 'basic ') {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return null;
    return { serial: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  const serial = headers['x-device-serial'];
  const secret = headers['x-device-secret'];
  if (typeof serial === 'string' && typeof secret === 'string' && serial && secret)
    return { serial, secret };
  return null;
}

/** Serials looked up by one statement at most (a fleet reconnecting after a restart). */
const LOOKUP_BATCH = 1000;
/** Lookup statements in flight at once, so device logins never take the whole pool. */
const MAX_LOOKUPS = 2;

interface PendingLookup {
  resolve: (entry: CacheEntry) => void;
  reject: (err: unknown) => void;
}

/**
 * Checks device credentials: sensors against the SHA-256 of their provisioning secret, purifiers
 * against the SHA-256 of the device secret they received for their claim key, or of the new one
 * of a rotation under way (a purifier that never exchanged its key, or whose key is blocked,
 * does not authenticate; the key itself never does).
 * Lookups are cached in memory for `ttlMs` (unknown serials for less), concurrent lookups of
 * one serial share one query, and the comparison is constant-time whatever the outcome.
 *
 * Cache misses are looked up together: serials missing in the same turn of the event loop, or
 * while a lookup runs, go in one statement, and at most MAX_LOOKUPS run at once. Entries of a
 * fleet cached together expire together; one query per serial then queued hundreds of lookups
 * on the pool ahead of the telemetry flushes (1–3 s waits at 2,000+ samples/s).
 *
 * The cache follows every change: `forgetDeviceEverywhere` forgets in this process at once and
 * over Redis on every other node. A generation, bumped at each forget, keeps a lookup that read
 * the database before a change from storing what it read; while the Redis subscriber is
 * disconnected (its messages are lost) the cache is emptied and bypassed until it subscribed
 * again, so a missed message can never keep a revoked credential working.
 *
 * The batching stays by hand: it is the right primitive here. DataLoader would batch per tick
 * too, but bounds neither the statements in flight (MAX_LOOKUPS) nor gathers the misses that
 * arrive while they run, and its own per-key cache would duplicate the TTL cache.
 */
export class DeviceAuthenticator {
  /** Entries expire after `ttlMs` (negative ones after `negativeTtlMs`); least recent go first. */
  readonly #cache: LRUCache<string, CacheEntry>;
  readonly #inflight = new Map<string, Promise<CacheEntry>>();
  /** Serials waiting for the next lookup statement. */
  readonly #queued = new Map<string, PendingLookup>();
  #lookups = 0;
  #armed = false;
  /** Bumped at each forget: a lookup begun before it does not store its answer. */
  #generation = 0;
  /** The Redis subscriber is down: nothing is served from the cache nor stored in it. */
  #deaf = false;

  readonly #ttlMs: number;
  readonly #negativeTtlMs: number;

  constructor(
    private readonly pool: pg.Pool,
    options: { ttlMs?: number; negativeTtlMs?: number; maxEntries?: number } = {},
  ) {
    this.#ttlMs = options.ttlMs ?? 30_000;
    this.#negativeTtlMs = options.negativeTtlMs ?? 2_000;
    this.#cache = new LRUCache({ max: options.maxEntries ?? 100_000, ttl: this.#ttlMs });
  }

  /** The device these credentials prove, or null. */
  async verify(serial: string, secret: string): Promise<VerifiedDevice | null> {
    if (serial.length > 100 || secret.length > 200) return null;
    const entry = await this.#entry(serial);
    const given = createHash('sha256').update(secret).digest();
    // Both comparisons always run: the answer's timing says nothing about which one matched.
    const current = timingSafeEqual(given, entry.hash);
    const next = timingSafeEqual(given, entry.nextHash);
    if (!entry.identity || !(current || next)) return null;
    const hash = given.toString('hex');
    return {
      ...entry.identity,
      credential: current ? 'current' : 'next',
      tag: hash.slice(0, 16),
      hash,
      pendingSealed: current ? entry.nextSealed : null,
    };
  }

  /**
   * Who `serial` is, without its secret: for a transport that authenticated the device already
   * (the MQTT broker checked its password; its ACLs bind the topic to it). Null when it no longer
   * has a credential. Same cache and lookups as `verify`.
   */
  async identify(
    serial: string,
  ): Promise<(DeviceIdentity & { pendingSealed: string | null }) | null> {
    if (serial.length > 100) return null;
    const entry = await this.#entry(serial);
    return entry.identity ? { ...entry.identity, pendingSealed: entry.nextSealed } : null;
  }

  /** Forgets a serial (its credential changed: re-provisioning, rotation). */
  forget(serial: string): void {
    this.#generation += 1;
    this.#cache.delete(serial);
  }

  /** Forgets every serial (the subscriber lost messages). */
  #forgetAll(): void {
    this.#generation += 1;
    this.#cache.clear();
  }

  /**
   * Forgets each serial published on `channel` (forgetDeviceEverywhere): a credential changed on
   * one node is dropped from every node's cache at once. Answers a function that stops listening.
   */
  async listen(
    subscriber: RedisClient,
    channel: string,
    /** Also told of each forgotten serial (the broker accounts follow the credentials). */
    onForget?: (serial: string) => void,
  ): Promise<() => Promise<void>> {
    subscriber.on('message', (from: string, serial: string) => {
      if (from !== channel) return;
      this.forget(serial);
      onForget?.(serial);
    });
    const stopLocal = onDeviceForgotten((serial) => this.forget(serial));
    // Messages published while the subscriber is down are lost: serve nothing cached until it
    // is subscribed again (ioredis subscribes again on reconnection; this waits for it).
    const deafen = () => {
      this.#deaf = true;
      this.#forgetAll();
    };
    subscriber.on('close', deafen);
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => {
          this.#forgetAll();
          this.#deaf = false;
        },
        () => undefined,
      );
    });
    await subscriber.ping(); // ready first: subscriber mode allows no ready check afterwards
    await subscriber.subscribe(channel);
    return async () => {
      stopLocal();
      subscriber.off('close', deafen);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    };
  }

  async #entry(serial: string): Promise<CacheEntry> {
    const cached = this.#deaf ? undefined : this.#cache.get(serial);
    if (cached) return cached;
    let pending = this.#inflight.get(serial);
    if (!pending) {
      pending = new Promise<CacheEntry>((resolve, reject) => {
        this.#queued.set(serial, { resolve, reject });
        this.#schedule();
      }).finally(() => this.#inflight.delete(serial));
      this.#inflight.set(serial, pending);
    }
    return pending;
  }

  /** Starts a lookup at the end of this turn (gathering its misses), unless enough run. */
  #schedule(): void {
    if (this.#armed || this.#queued.size === 0 || this.#lookups >= MAX_LOOKUPS) return;
    this.#armed = true;
    setImmediate(() => {
      this.#armed = false;
      void this.#lookup();
    });
  }

  async #lookup(): Promise<void> {
    if (this.#queued.size === 0 || this.#lookups >= MAX_LOOKUPS) return;
    const batch = new Map<string, PendingLookup>();
    for (const [serial, pending] of this.#queued) {
      if (batch.size >= LOOKUP_BATCH) break;
      batch.set(serial, pending);
      this.#queued.delete(serial);
    }
    this.#lookups += 1;
    const generation = this.#generation;
    try {
      const found = await this.#load([...batch.keys()]);
      // Something was forgotten meanwhile: answer from what was read, but keep none of it.
      const keep = generation === this.#generation && !this.#deaf;
      for (const [serial, pending] of batch)
        pending.resolve(this.#store(serial, found.get(serial), keep));
    } catch (err) {
      for (const pending of batch.values()) pending.reject(err);
    } finally {
      this.#lookups -= 1;
      this.#schedule();
    }
  }

  /** The identity and expected-secret hashes of each known serial among `serials`. */
  async #load(serials: string[]): Promise<Map<string, DeviceRow>> {
    const { rows } = await this.pool.query<DeviceRow & { serial: string }>(
      `SELECT 'sensor' AS kind, id, serial_number AS serial, device_secret_hash AS hash,
              NULL AS next_hash, NULL AS next_sealed
         FROM sensors WHERE serial_number = ANY($1::text[])
       UNION ALL
       SELECT 'purifier', p.id, p.serial_number, p.device_secret_hash, p.device_secret_next_hash,
              p.device_secret_next_sealed
         FROM purifiers p JOIN product_keys k ON k.id = p.product_key_id
        WHERE p.serial_number = ANY($1::text[]) AND k.state <> 'blocked'
          AND p.device_secret_hash IS NOT NULL`,
      [serials],
    );
    const found = new Map<string, DeviceRow>();
    // A serial known as both: the sensor wins, as the single-serial query did.
    for (const row of rows)
      if (!found.has(row.serial) || row.kind === 'sensor') found.set(row.serial, row);
    return found;
  }

  #store(serial: string, row: DeviceRow | undefined, keep: boolean): CacheEntry {
    const entry: CacheEntry = row
      ? {
          identity: { kind: row.kind, id: row.id, serialNumber: serial },
          hash: Buffer.from(row.hash, 'hex'),
          nextHash: row.next_hash ? Buffer.from(row.next_hash, 'hex') : DUMMY_HASH,
          nextSealed: row.next_hash ? row.next_sealed : null,
        }
      : { identity: null, hash: DUMMY_HASH, nextHash: DUMMY_HASH, nextSealed: null };
    if (entry.hash.length !== 32) entry.hash = DUMMY_HASH;
    if (entry.nextHash.length !== 32) entry.nextHash = DUMMY_HASH;
    const ttl = row ? this.#ttlMs : this.#negativeTtlMs;
    // A TTL of 0 means "do not cache" here (lru-cache would read it as "never expires").
    if (keep && ttl > 0) this.#cache.set(serial, entry, { ttl });
    else this.#cache.delete(serial);
    return entry;
  }
}
