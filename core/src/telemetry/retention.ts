import type pg from 'pg';
import { rollUpHistory } from './rollup.ts';

/**
 * Telemetry retention: raw samples (`sensor_measures`, one partition per UTC month) are kept
 * RETENTION_RAW_MONTHS and go a whole partition at a time; hourly roll-ups
 * (`sensor_measures_hourly`) are kept RETENTION_HOURLY_MONTHS and go in batches. The boundaries
 * are whole UTC months, so what is kept is at least N months and less than N + 1. The server
 * reads the same boundaries: graphs of a range before the raw one read the roll-ups, an export
 * of such a range answers `export_period_expired`.
 */

/** How long telemetry is kept, in months (config RETENTION_RAW_MONTHS, RETENTION_HOURLY_MONTHS). */
export interface RetentionPolicy {
  rawMonths: number;
  hourlyMonths: number;
}

/** Anything that runs a query: the pool (statements that must not run in a transaction). */
type Queryable = Pick<pg.Pool, 'query'>;

/** Start (UTC) of the month `months` months before the month of `now`. */
function monthStartBefore(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

/** Start of the oldest month whose raw samples are kept: anything before it is (or may be) gone. */
export function rawRetentionStart(now: Date, policy: Pick<RetentionPolicy, 'rawMonths'>): Date {
  return monthStartBefore(now, policy.rawMonths);
}

/** Start of the oldest month whose hourly roll-ups are kept. */
export function hourlyRetentionStart(
  now: Date,
  policy: Pick<RetentionPolicy, 'hourlyMonths'>,
): Date {
  return monthStartBefore(now, policy.hourlyMonths);
}

/** A partition of `sensor_measures`, attached or left detached by an interrupted run. */
interface MeasurePartition {
  name: string;
  upper: Date;
  attached: boolean;
  detachPending: boolean;
}

/** Partitions whose whole range ends at or before `before` (never the default partition). */
async function expiredPartitions(db: Queryable, before: Date): Promise<MeasurePartition[]> {
  // Bounds are read back as PostgreSQL prints them and cast there, whatever the session zone.
  const attached = await db.query<{ name: string; upper: Date; detach_pending: boolean }>(
    `SELECT name, upper, detach_pending FROM (
       SELECT c.relname AS name, i.inhdetachpending AS detach_pending,
              (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz AS upper
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'sensor_measures'::regclass) p
      WHERE upper IS NOT NULL AND upper <= $1 ORDER BY upper`,
    [before],
  );
  // A partition detached by a run that stopped before its DROP: found by its name alone.
  const orphans = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
        AND c.relname ~ '^sensor_measures_y[0-9]{4}m[0-9]{2}$'
        AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid)`,
  );
  const orphanParts = orphans.rows.flatMap((row): MeasurePartition[] => {
    const [, year, month] = /y(\d{4})m(\d{2})$/.exec(row.name)!;
    const upper = new Date(Date.UTC(Number(year), Number(month), 1));
    return upper <= before
      ? [{ name: row.name, upper, attached: false, detachPending: false }]
      : [];
  });
  return [
    ...attached.rows.map((r) => ({
      name: r.name,
      upper: r.upper,
      attached: true,
      detachPending: r.detach_pending,
    })),
    ...orphanParts,
  ];
}

/** What one retention run did. */
export interface RetentionResult {
  /** Raw partitions dropped (table names). */
  droppedPartitions: string[];
  /** Raw partitions kept this time although expired: flushes of theirs are not rolled up yet. */
  deferredPartitions: string[];
  /** Hourly roll-up rows deleted. */
  deletedHours: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * DETACH … CONCURRENTLY (ingest and graphs go on); PostgreSQL refuses it when an operator has
 * added a default partition, and then the plain DETACH (a brief exclusive lock) does it.
 */
async function detach(db: Queryable, table: string): Promise<void> {
  try {
    await db.query(`ALTER TABLE sensor_measures DETACH PARTITION ${table} CONCURRENTLY`);
  } catch (err) {
    if (!(err instanceof Error) || !/default partition/i.test(err.message)) throw err;
    await db.query(`ALTER TABLE sensor_measures DETACH PARTITION ${table}`);
  }
}

/**
 * Drops the raw partitions whose whole month is before the raw boundary, once their roll-ups
 * exist: a partition with flushes still waiting for their roll-up (`sensor_rollup_pending`)
 * waits for the next run; hours never rolled up (history written in bulk) are rolled up from the
 * partition first. DETACH CONCURRENTLY keeps ingest and graphs running meanwhile; a run
 * interrupted between DETACH and DROP is finished by the next one. Idempotent.
 */
export async function dropExpiredMeasurePartitions(
  db: Queryable,
  policy: Pick<RetentionPolicy, 'rawMonths'>,
  now: Date = new Date(),
): Promise<Pick<RetentionResult, 'droppedPartitions' | 'deferredPartitions'>> {
  const before = rawRetentionStart(now, policy);
  const dropped: string[] = [];
  const deferred: string[] = [];
  for (const part of await expiredPartitions(db, before)) {
    const table = quote(part.name);
    if (part.attached && !part.detachPending) {
      const pending = await db.query(
        'SELECT 1 FROM sensor_rollup_pending WHERE from_ts < $1 LIMIT 1',
        [part.upper],
      );
      if (pending.rowCount) {
        deferred.push(part.name);
        continue;
      }
      // Every row belongs to a sensor of `sensors` (a sensor's history goes with it).
      const sensors = await db.query<{ ids: string[] | null }>(
        'SELECT array_agg(id) AS ids FROM sensors',
      );
      const ids = sensors.rows[0]?.ids ?? [];
      if (ids.length > 0) await rollUpHistory(db, ids, '-infinity', part.upper);
      await detach(db, table);
    } else if (part.detachPending) {
      await db.query(`ALTER TABLE sensor_measures DETACH PARTITION ${table} FINALIZE`);
    }
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    dropped.push(part.name);
  }
  return { droppedPartitions: dropped, deferredPartitions: deferred };
}

/** Rows deleted per statement, so a first run on years of roll-ups never holds long locks. */
export const ROLLUP_DELETE_BATCH = 10_000;

/** Deletes the hourly roll-ups older than the hourly boundary, in batches; answers the count. */
export async function deleteExpiredRollups(
  db: Queryable,
  policy: Pick<RetentionPolicy, 'hourlyMonths'>,
  now: Date = new Date(),
  batch = ROLLUP_DELETE_BATCH,
): Promise<number> {
  const before = hourlyRetentionStart(now, policy);
  let total = 0;
  for (;;) {
    const result = await db.query(
      `DELETE FROM sensor_measures_hourly WHERE (sensor_id, hour) IN (
         SELECT sensor_id, hour FROM sensor_measures_hourly WHERE hour < $1 LIMIT $2)`,
      [before, batch],
    );
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < batch) return total;
  }
}

/** One retention run: expired raw partitions, then expired roll-ups. */
export async function applyRetention(
  db: Queryable,
  policy: RetentionPolicy,
  now: Date = new Date(),
): Promise<RetentionResult> {
  const partitions = await dropExpiredMeasurePartitions(db, policy, now);
  const deletedHours = await deleteExpiredRollups(db, policy, now);
  return { ...partitions, deletedHours };
}

/** The oldest month with raw samples still stored (lower bound of the oldest partition), if any. */
export async function oldestRawMonth(db: Queryable): Promise<Date | null> {
  const result = await db.query<{ lower: Date | null }>(
    `SELECT min((regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz) AS lower
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'sensor_measures'::regclass`,
  );
  return result.rows[0]?.lower ?? null;
}
