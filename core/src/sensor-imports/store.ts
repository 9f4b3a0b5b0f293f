import type pg from 'pg';
import { SENSOR_MEASURES, type ImportRejection } from '@aircloud/shared/sensors';
import { recomputeHours } from '../telemetry/rollup.ts';
import type { ParsedRow } from './csv-format.ts';

/** Anything that runs a query: the pool, or a client inside a transaction. */
type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Runs `fn` in a transaction on a client of `pool`: COMMIT when it returns (a transaction that
 * changed nothing commits as well), ROLLBACK when it throws; the client is released either way.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const HOUR = 3_600_000;
/** At most this many rejected lines are kept on the import (all are counted). */
export const REJECTIONS_KEPT = 100;

/** The distinct UTC hours (epoch ms) of a list of instants, ascending. */
export function hoursOf(times: Iterable<number>): number[] {
  const hours = new Set<number>();
  for (const ms of times) hours.add(Math.floor(ms / HOUR) * HOUR);
  return [...hours].sort((a, b) => a - b);
}

/**
 * Creates the monthly partitions of `sensor_measures` the instants fall into (rows older than
 * the partitions the server keeps ahead need theirs). Its own statement, outside the batch
 * transaction, so creating a partition never waits behind the batch's row locks.
 */
export async function ensurePartitionsFor(db: Queryable, from: number, to: number): Promise<void> {
  const start = new Date(from);
  const end = new Date(to);
  const months =
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    (end.getUTCMonth() - start.getUTCMonth()) +
    1;
  await db.query('SELECT ensure_sensor_measure_partitions($1, $2)', [start.toISOString(), months]);
}

const columns = ['ts', ...SENSOR_MEASURES, 'iso'];
const unnestArgs = [
  '$3::timestamptz[]',
  ...SENSOR_MEASURES.map((_, i) => `$${i + 4}::real[]`),
  `$${SENSOR_MEASURES.length + 4}::smallint[]`,
];
// One statement per batch whatever its size; rows already stored (same sensor and time) are
// skipped and are the duplicates. batch_id stays NULL: imported rows never reach alert rules.
const INSERT_ROWS_SQL = `
INSERT INTO sensor_measures (sensor_id, import_id, ${columns.join(', ')})
SELECT $1, $2, u.* FROM unnest(${unnestArgs.join(', ')}) AS u
ON CONFLICT DO NOTHING
RETURNING (extract(epoch FROM ts) * 1000)::float8 AS ms`;

/** Stores valid rows for an import; answers the instants actually stored (not duplicates). */
export async function insertImportedRows(
  db: Queryable,
  sensorId: string,
  importId: string,
  rows: ParsedRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const params: unknown[][] = columns.map(() => new Array<unknown>(rows.length));
  rows.forEach((row, i) => {
    params[0]![i] = new Date(row.ts).toISOString();
    SENSOR_MEASURES.forEach((m, j) => {
      params[j + 1]![i] = row.measures[m] ?? null;
    });
    params[columns.length - 1]![i] = row.iso;
  });
  const result = await db.query<{ ms: number }>(INSERT_ROWS_SQL, [sensorId, importId, ...params]);
  return result.rows.map((r) => Number(r.ms));
}

/** The progress of one committed batch. */
export interface BatchProgress {
  bytesRead: number;
  lineReached: number;
  rowsRead: number;
  rowsStored: number;
  rowsDuplicate: number;
  rejections: ImportRejection[];
  rowsRejected: number;
}

/** Adds a batch's counts to the import (rejections kept up to REJECTIONS_KEPT). */
export async function recordProgress(db: Queryable, importId: string, p: BatchProgress) {
  await db.query(
    `UPDATE sensor_imports SET
       bytes_read = greatest(bytes_read, $2), line_reached = $3,
       rows_read = rows_read + $4, rows_stored = rows_stored + $5,
       rows_duplicate = rows_duplicate + $6, rows_rejected = rows_rejected + $7,
       rejections = CASE WHEN jsonb_array_length(rejections) >= ${REJECTIONS_KEPT} THEN rejections
         ELSE rejections || (SELECT coalesce(jsonb_agg(r), '[]'::jsonb) FROM (
           SELECT r FROM jsonb_array_elements($8::jsonb) WITH ORDINALITY AS e(r, i)
            WHERE i <= ${REJECTIONS_KEPT} - jsonb_array_length(rejections) ORDER BY i) x) END
     WHERE id = $1`,
    [
      importId,
      p.bytesRead,
      p.lineReached,
      p.rowsRead,
      p.rowsStored,
      p.rowsDuplicate,
      p.rowsRejected,
      JSON.stringify(p.rejections.slice(0, REJECTIONS_KEPT)),
    ],
  );
}

/**
 * Deletes the rows an import stored and recomputes the hours they were in; call inside the
 * transaction that marks the import cancelled. Answers the number of rows removed.
 */
export async function removeImportedRows(
  db: Queryable,
  sensorId: string,
  importId: string,
): Promise<number> {
  const result = await db.query<{ hour: Date; n: number }>(
    `WITH gone AS (
       DELETE FROM sensor_measures WHERE sensor_id = $1 AND import_id = $2 RETURNING ts)
     SELECT date_trunc('hour', ts, 'UTC') AS hour, count(*)::int AS n FROM gone GROUP BY 1`,
    [sensorId, importId],
  );
  const hours = result.rows.map((r) => new Date(r.hour).getTime()).sort((a, b) => a - b);
  await recomputeHours(db, sensorId, hours);
  return result.rows.reduce((sum, r) => sum + r.n, 0);
}

/**
 * Cancels a pending or running import: under its row lock (each worker batch takes it first, so
 * no batch commits after this), marks it cancelled and deletes every row it stored with the
 * roll-up of their hours recomputed, in one transaction. False when it had already finished.
 */
export async function cancelImportTransaction(
  pool: pg.Pool,
  importId: string,
  sensorId: string,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const cancelled = await client.query(
      `UPDATE sensor_imports SET state = 'cancelled', finished_at = now()
        WHERE id = $1 AND state IN ('pending', 'running')`,
      [importId],
    );
    if (!cancelled.rowCount) return false;
    await removeImportedRows(client, sensorId, importId);
    return true;
  });
}

/**
 * Undoes a completed import: under its row lock, marks it `reverted` and deletes exactly the
 * rows it stored (its `import_id`) with the roll-up of their hours recomputed, in one
 * transaction. A row a device had sent for the same time was kept from the device (the import's
 * was a duplicate, never stored) and stays. False when it is not completed.
 */
export async function revertImportTransaction(
  pool: pg.Pool,
  importId: string,
  sensorId: string,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const reverted = await client.query(
      `UPDATE sensor_imports SET state = 'reverted', reverted_at = now()
        WHERE id = $1 AND state = 'completed'`,
      [importId],
    );
    if (!reverted.rowCount) return false;
    await removeImportedRows(client, sensorId, importId);
    return true;
  });
}
