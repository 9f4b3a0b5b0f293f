import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { escapeIdentifier, escapeLiteral } from 'pg';
import type { Database } from '@aircloud/core/db/client';

/** Row count and content checksum of every table, by table name. */
export type TableSnapshot = Record<string, { rows: number; checksum: string }>;

let tableList: string[] | null = null;

/** The application's tables: plain and partitioned parents (a parent covers its partitions). */
async function tables(db: Database): Promise<string[]> {
  if (tableList) return tableList;
  const result = await db.execute<{ name: string }>(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY 1`);
  tableList = result.rows.map((r) => r.name);
  return tableList;
}

/**
 * Counts and checksums every row of every table in one statement, so an UPDATE that keeps the
 * count is seen as well as an INSERT or a DELETE.
 */
export async function snapshotTables(db: Database): Promise<TableSnapshot> {
  const names = await tables(db);
  const parts = names.map(
    (name) =>
      `SELECT ${escapeLiteral(name)} AS name, count(*)::int AS rows, ` +
      `md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS checksum ` +
      `FROM ${escapeIdentifier(name)} t`,
  );
  const result = await db.execute<{ name: string; rows: number; checksum: string }>(
    sql.raw(parts.join(' UNION ALL ')),
  );
  return Object.fromEntries(
    result.rows.map((r) => [r.name, { rows: r.rows, checksum: r.checksum }]),
  );
}

/** Tables whose snapshot differs, as readable lines (`name: rows a -> b`). */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name]?.checksum !== after[name]?.checksum)
    .map((name) => `${name}: ${before[name]?.rows ?? 0} -> ${after[name]?.rows ?? 0} rows`);
}

/** Every file under `dir` with its size (relative paths), skipping `skip` directories. */
export function snapshotFiles(dir: string, skip: string[] = []): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(entry.name)) walk(full);
      } else {
        found.push(`${relative(dir, full)} ${statSync(full).size}`);
      }
    }
  };
  walk(dir);
  return found.sort();
}
