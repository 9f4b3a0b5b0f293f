import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** How many distinct statements a process prepares at most (the code has a few hundred). */
const MAX_PREPARED = 2_000;
/** The name of each statement text prepared so far, the same on every connection. */
const preparedNames = new Map<string, string>();

/**
 * Names a parameterised statement after its text, so that each connection parses and plans it
 * once and then only binds and executes it: PostgreSQL's parse and plan of the access checks
 * cost more than running them (docs/performance.md, "API under load"). Statements without
 * parameters may hold several commands (migrations) and are left unnamed, as are texts past
 * MAX_PREPARED (a statement built with a varying number of parameters).
 */
export function withStatementName<T extends pg.QueryConfig>(
  config: T,
  values?: unknown,
): T & { name?: string } {
  if (config.name || !(config.values ?? values)) return config;
  let name = preparedNames.get(config.text);
  if (name === undefined) {
    if (preparedNames.size >= MAX_PREPARED) return config;
    // The SQL command first: tracing names a query's span after its statement's name
    // (`pg.query:SELECT #12 aircloud`, docs/operations.md).
    const command = /^\s*(\w+)/.exec(config.text)?.[1]?.toUpperCase() ?? 'SQL';
    name = `${command} #${preparedNames.size + 1}`;
    preparedNames.set(config.text, name);
  }
  return { ...config, name };
}

/** PostgreSQL's refusal of a prepared statement whose table changed shape since it was planned. */
const STALE_PLAN = 'cached plan must not change result type';

const isStalePlan = (err: unknown) =>
  err instanceof Error && (err as { code?: string }).code === '0A000' && err.message === STALE_PLAN;

/**
 * A pool client that prepares each parameterised statement once per connection.
 *
 * A migration that adds a column to a table read with `*` (a rolling deploy: older processes
 * still run) makes PostgreSQL refuse the statements prepared before it, on every connection
 * that holds one, until the process restarts. Such a statement is prepared again under a new
 * name on that connection, and run again at once unless it was inside a transaction (which
 * the refusal ended: the caller's retry, if any, gets the new statement).
 */
class PreparingClient extends pg.Client {
  /** Statements of this connection prepared again under another name (their plan went stale). */
  readonly #renamed = new Map<string, string>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through.
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' && Array.isArray(values);
    const plain = config && typeof config === 'object' && typeof config.text === 'string';
    if (!text && !(plain && !config.submit)) return super.query(config, values, callback);
    // The text's values ride in the config; what follows them is the callback, if any.
    const named = text
      ? withStatementName({ text: config, values })
      : withStatementName(config, values);
    const args = text || typeof values === 'function' ? undefined : values;
    const done = text ? callback : typeof values === 'function' ? values : callback;
    if (!named.name) return super.query(named, args, done);
    const result = this.#run(named as pg.QueryConfig & { name: string }, args);
    if (typeof done !== 'function') return result;
    result.then(
      (res) => done(null, res),
      (err: unknown) => done(err),
    );
    return undefined;
  }

  async #run(config: pg.QueryConfig & { name: string }, values: unknown): Promise<pg.QueryResult> {
    const statement = { ...config, name: this.#renamed.get(config.name) ?? config.name };
    try {
      return await super.query(statement, values as unknown[] | undefined);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      this.#renamed.set(config.name, `${config.name}~${this.#renamed.size + 1}`);
      // pg's transaction status: 'I' outside a transaction, where running it again is safe.
      if ((this as unknown as { _txStatus?: string })._txStatus !== 'I') throw err;
      return super.query(
        { ...config, name: this.#renamed.get(config.name)! },
        values as unknown[] | undefined,
      );
    }
  }
}

/**
 * Opens a connection pool and the Drizzle handle over it. `prepare` (default) names every
 * parameterised statement (withStatementName); turn it off behind a pooler that cannot keep
 * prepared statements (PgBouncer in transaction mode before 1.21).
 */
export function createDatabase(url: string, max = 10, { prepare = true } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(prepare ? { Client: PreparingClient } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Database;
}
