import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeviceKind } from '@aircloud/shared/devices';
import { normalizeProductKey } from '@aircloud/shared/product-keys';
import type pg from 'pg';

/** Who a device is once authenticated. */
export interface DeviceIdentity {
  kind: DeviceKind;
  id: string;
  serialNumber: string;
}

interface CacheEntry {
  identity: DeviceIdentity | null;
  /** SHA-256 of the expected secret (a dummy for unknown serials, so both paths cost the same). */
  hash: Buffer;
  expiresAt: number;
}

const DUMMY_HASH = createHash('sha256').update('no such device').digest();

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
 * against their product key (dashes and case ignored; a blocked key no longer authenticates).
 * Lookups are cached in memory for `ttlMs` (unknown serials for less), concurrent lookups of
 * one serial share one query, and the comparison is constant-time whatever the outcome.
 *
 * Cache misses are looked up together: serials missing in the same turn of the event loop, or
 * while a lookup runs, go in one statement, and at most MAX_LOOKUPS run at once. Entries of a
 * fleet cached together expire together; one query per serial then queued hundreds of lookups
 * on the pool ahead of the telemetry flushes (1–3 s waits at 2,000+ samples/s).
 */
export class DeviceAuthenticator {
  readonly #cache = new Map<string, CacheEntry>();
  readonly #inflight = new Map<string, Promise<CacheEntry>>();
  /** Serials waiting for the next lookup statement. */
  readonly #queued = new Map<string, PendingLookup>();
  #lookups = 0;
  #armed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { ttlMs?: number; negativeTtlMs?: number; maxEntries?: number } = {},
  ) {}

  /** The device these credentials prove, or null. */
  async verify(serial: string, secret: string): Promise<DeviceIdentity | null> {
    if (serial.length > 100 || secret.length > 200) return null;
    const entry = await this.#entry(serial);
    const given = createHash('sha256').update(this.#normalize(entry, secret)).digest();
    const ok = timingSafeEqual(given, entry.hash);
    return ok && entry.identity ? entry.identity : null;
  }

  /** Forgets a serial (after re-provisioning or a key change on this node). */
  forget(serial: string): void {
    this.#cache.delete(serial);
  }

  #normalize(entry: CacheEntry, secret: string): string {
    return entry.identity?.kind === 'purifier' ? normalizeProductKey(secret) : secret;
  }

  async #entry(serial: string): Promise<CacheEntry> {
    const cached = this.#cache.get(serial);
    if (cached && cached.expiresAt > Date.now()) return cached;
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
    try {
      const found = await this.#load([...batch.keys()]);
      for (const [serial, pending] of batch)
        pending.resolve(this.#store(serial, found.get(serial)));
    } catch (err) {
      for (const pending of batch.values()) pending.reject(err);
    } finally {
      this.#lookups -= 1;
      this.#schedule();
    }
  }

  /** The identity and expected-secret hash of each known serial among `serials`. */
  async #load(
    serials: string[],
  ): Promise<Map<string, { kind: DeviceKind; id: string; hash: string }>> {
    const { rows } = await this.pool.query<{
      kind: DeviceKind;
      id: string;
      serial: string;
      hash: string;
    }>(
      `SELECT 'sensor' AS kind, id, serial_number AS serial, device_secret_hash AS hash
         FROM sensors WHERE serial_number = ANY($1::text[])
       UNION ALL
       SELECT 'purifier', p.id, p.serial_number, encode(sha256(convert_to(k.key, 'UTF8')), 'hex')
         FROM purifiers p JOIN product_keys k ON k.id = p.product_key_id
        WHERE p.serial_number = ANY($1::text[]) AND k.state <> 'blocked'`,
      [serials],
    );
    const found = new Map<string, { kind: DeviceKind; id: string; hash: string }>();
    // A serial known as both: the sensor wins, as the single-serial query did.
    for (const row of rows)
      if (!found.has(row.serial) || row.kind === 'sensor') found.set(row.serial, row);
    return found;
  }

  #store(
    serial: string,
    row: { kind: DeviceKind; id: string; hash: string } | undefined,
  ): CacheEntry {
    const entry: CacheEntry = row
      ? {
          identity: { kind: row.kind, id: row.id, serialNumber: serial },
          hash: Buffer.from(row.hash, 'hex'),
          expiresAt: Date.now() + (this.options.ttlMs ?? 30_000),
        }
      : {
          identity: null,
          hash: DUMMY_HASH,
          expiresAt: Date.now() + (this.options.negativeTtlMs ?? 2_000),
        };
    if (entry.hash.length !== 32) entry.hash = DUMMY_HASH;
    const max = this.options.maxEntries ?? 100_000;
    if (this.#cache.size >= max) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(serial, entry);
    return entry;
  }
}
