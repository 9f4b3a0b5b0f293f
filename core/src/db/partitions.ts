import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Makes sure the monthly partitions of `sensor_measures` exist from last month to three months
 * ahead (the SQL function of migration 0003; creating an existing one is a no-op). Run by the
 * server and the worker at start and by the worker every few hours.
 */
export async function ensureMeasurePartitions(db: Pick<Database, 'execute'>): Promise<number> {
  const result = await db.execute<{ created: number }>(
    sql`SELECT ensure_sensor_measure_partitions(now() - interval '1 month', 5) AS created`,
  );
  return Number(result.rows[0]?.created ?? 0);
}
