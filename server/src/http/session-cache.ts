import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Logger } from 'pino';
import type { UserRow } from '@aircloud/core/users/repository';

/**
 * The signed-in user of each credential, kept for a few seconds so that a burst of requests
 * reads it once (issue 22: the session user was one statement of every API read).
 *
 * Nothing stale outlives a change: triggers on `users` and `refresh_tokens` (migration 0022)
 * NOTIFY `aircloud_sessions` with the user's id on every update and delete, whatever path made
 * it (role, disable, deletion, password, API token, a revoked or rotated session), and every
 * server process LISTENs and forgets that user's entries. A generation, bumped at each change,
 * stops a lookup that began before any change from storing what it read (changes are rare: a
 * lookup that loses this way only costs one more query later). While the LISTEN connection is down the
 * cache is bypassed (and emptied), so a missed notification can never keep access alive; the
 * TTL bounds the rest.
 *
 * A notification travels on its own: a request can arrive after a change committed but before
 * its notification was read. So an entry serves only after a barrier: an empty statement sent
 * on the LISTEN connection after the request arrived. PostgreSQL signals every listener before
 * it tells the writer its commit succeeded, and a listener sends what it was signalled before it
 * answers its next statement, so once the barrier's answer is in, every change committed before
 * the request is forgotten. Requests that arrive together share one barrier, so a burst costs a
 * round trip on an idle connection rather than the user's statement each.
 */

/** The channel of the triggers (migration 0022). */
export const SESSION_CHANNEL = 'aircloud_sessions';

/** How long a request waits for a barrier before it reads the database instead (ms). */
const BARRIER_TIMEOUT_MS = 1_000;

/** How the LISTEN connection names itself in `pg_stat_activity`. */
export const SESSION_CACHE_APPLICATION = 'aircloud-session-cache';

/** A cached caller: the user, and the refresh family of an access token (null: API token). */
export interface CachedCaller {
  user: UserRow;
  familyId: string | null;
}

export interface SessionCacheOptions {
  /** How long an entry serves (ms); kept short: an access token's user is re-read this often. */
  ttlMs?: number;
  maxEntries?: number;
  /** Delay before the LISTEN connection is opened again after it dropped (ms). */
  reconnectMs?: number;
}

export class SessionCache {
  readonly #entries: LRUCache<string, CachedCaller>;
  /** Keys of each user's entries, to forget them all at once. */
  readonly #keysByUser = new Map<string, Set<string>>();
  /** Bumped at each change: a lookup begun before it does not store its answer. */
  #generation = 0;
  #listening = false;
  #stopped = false;
  #client: pg.Client | null = null;
  #timer: NodeJS.Timeout | null = null;
  readonly #reconnectMs: number;
  /** The barrier on the wire, and the one waiting to be sent after it (joined by new requests). */
  #sent: Promise<boolean> | null = null;
  #queued: Promise<boolean> | null = null;

  constructor(
    /** How to reach the database (the pool's own settings). */
    private readonly connection: pg.ClientConfig,
    private readonly logger: Logger,
    options: SessionCacheOptions = {},
  ) {
    this.#reconnectMs = options.reconnectMs ?? 1_000;
    this.#entries = new LRUCache({
      max: options.maxEntries ?? 50_000,
      ttl: options.ttlMs ?? 5_000,
      dispose: (value, key) => this.#unindex(value.user.id, key),
    });
  }

  /** Whether entries are served (the LISTEN connection is up). */
  get active(): boolean {
    return this.#listening;
  }

  /** Opens the LISTEN connection; the cache serves nothing until it is up. */
  async start(): Promise<void> {
    if (this.#stopped || this.#client) return;
    const client = new pg.Client({
      ...this.connection,
      application_name: SESSION_CACHE_APPLICATION,
    });
    this.#client = client;
    const down = (err?: Error) => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#listening = false;
      this.clear();
      if (err) this.logger.warn({ err: err.message }, 'session cache: LISTEN connection lost');
      client.end().catch(() => undefined);
      if (!this.#stopped)
        this.#timer = setTimeout(() => void this.start(), this.#reconnectMs).unref();
    };
    client.on('error', down);
    client.on('end', () => down());
    client.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL && message.payload) this.forgetUser(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.#client === client) this.#listening = true;
    } catch (err) {
      down(err as Error);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#listening = false;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    this.clear();
    await client?.end().catch(() => undefined);
  }

  /** The generation now: read it before a lookup, pass it to `set` after. */
  get generation(): number {
    return this.#generation;
  }

  /** Lookups answered from the cache, those that went to the database, and barriers sent. */
  hits = 0;
  misses = 0;
  barriers = 0;

  /**
   * The cached caller of a credential, once every change committed before this call is known;
   * undefined when none is cached (or the barrier failed): the caller then reads the database.
   */
  async get(key: string): Promise<CachedCaller | undefined> {
    const entry =
      this.#listening && this.#entries.has(key) && (await this.#barrier())
        ? this.#entries.get(key)
        : undefined;
    if (entry) this.hits += 1;
    else this.misses += 1;
    return entry;
  }

  /**
   * Resolves true once a statement sent after this call was answered on the LISTEN connection
   * (every notification committed before it has then been handled); false if it could not be.
   */
  #barrier(): Promise<boolean> {
    // A barrier already on the wire may have been sent before this request: wait for the next.
    if (this.#queued) return this.#queued;
    const client = this.#client;
    if (!client) return Promise.resolve(false);
    if (!this.#sent) return this.#send(client);
    const queued = this.#sent.then(() => {
      this.#queued = null;
      return this.#send(client);
    });
    this.#queued = queued;
    return queued;
  }

  /** Sends a barrier: an empty statement, answered after any notification already signalled. */
  #send(client: pg.Client): Promise<boolean> {
    this.barriers += 1;
    let timer: NodeJS.Timeout | undefined;
    // A LISTEN connection that stalls must not hold requests: they read the database instead.
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS).unref();
    });
    const answered = client.query('').then(
      () => this.#client === client && this.#listening,
      () => false,
    );
    const sent = Promise.race([answered, late]).finally(() => clearTimeout(timer));
    this.#sent = sent;
    void sent.then(() => {
      if (this.#sent === sent) this.#sent = null;
    });
    return sent;
  }

  /** Keeps a lookup's answer unless something changed since `generation` was read. */
  set(key: string, caller: CachedCaller, generation: number): void {
    if (!this.#listening || this.#generation !== generation) return;
    this.#entries.set(key, caller);
    let keys = this.#keysByUser.get(caller.user.id);
    if (!keys) this.#keysByUser.set(caller.user.id, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every entry of a user (a change was committed). */
  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const key of [...(this.#keysByUser.get(userId) ?? [])]) this.#entries.delete(key);
    this.#keysByUser.delete(userId);
  }

  clear(): void {
    this.#entries.clear();
    this.#keysByUser.clear();
    // Every lookup under way is older than this: none may store.
    this.#generation += 1;
  }

  #unindex(userId: string, key: string): void {
    const keys = this.#keysByUser.get(userId);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#keysByUser.delete(userId);
  }
}
