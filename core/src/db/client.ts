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

/** A pool client that prepares each parameterised statement once per connection. */
class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values))
      return super.query(withStatementName({ text: config, values }), callback);
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.submit)
      return super.query(withStatementName(config, values), values, callback);
    return super.query(config, values, callback);
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
