import { sql } from 'drizzle-orm';
import { PURIFIER_STATES, WIFI_STATES } from '@aircloud/shared/purifiers';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import type {
  FleetNetworkCounts,
  FleetPurifierCounts,
  FleetVersionCount,
} from '@aircloud/shared/fleet';
import type { Database } from '../db/client.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * The fleet's counts, kept by the database (migration 0019): triggers on purifiers and sensors
 * append +1/-1 rows to `fleet_count_deltas` when a counted dimension changes; `foldFleetCounts`
 * moves them into `fleet_counts`. A read sums both, so it is exact whether or not the fold ran,
 * and costs a few dozen rows whatever the size of the fleet.
 */

/** Arbitrary constant: the advisory lock that lets one fold run at a time. */
const FOLD_LOCK_KEY = 7_265_731_121;

type CountRow = {
  kind: 'purifier' | 'sensor';
  dim: string;
  value: string;
  n: string | number;
};

/** The counts of the fleet. */
export async function readFleetCounts(db: Executor): Promise<{
  purifiers: FleetPurifierCounts;
  sensors: FleetNetworkCounts;
  versions: FleetVersionCount[];
}> {
  const { rows } = await db.execute<CountRow>(sql`
    SELECT kind, dim, value, sum(n) AS n
      FROM (SELECT kind, dim, value, n FROM fleet_counts
            UNION ALL SELECT kind, dim, value, delta FROM fleet_count_deltas) c
     GROUP BY kind, dim, value`);
  const network = (): FleetNetworkCounts => ({
    total: 0,
    wifi_state: Object.fromEntries(
      WIFI_STATES.map((s) => [s, 0]),
    ) as FleetNetworkCounts['wifi_state'],
  });
  const purifiers: FleetPurifierCounts = {
    ...network(),
    state: Object.fromEntries(PURIFIER_STATES.map((s) => [s, 0])) as FleetPurifierCounts['state'],
    held: 0,
    maintenance_due: 0,
  };
  const sensors = network();
  const versions: FleetVersionCount[] = [];
  for (const row of rows) {
    const n = Number(row.n);
    const into = row.kind === 'purifier' ? purifiers : sensors;
    if (row.dim === 'all') into.total = n;
    else if (row.dim === 'wifi_state' && row.value in into.wifi_state)
      into.wifi_state[row.value as keyof typeof into.wifi_state] = n;
    else if (row.kind !== 'purifier' || n === 0) continue;
    else if (row.dim === 'state' && row.value in purifiers.state)
      purifiers.state[row.value as keyof typeof purifiers.state] = n;
    else if (row.dim === 'held') purifiers.held = n;
    else if (row.dim === 'maintenance_due') purifiers.maintenance_due = n;
    else if (row.dim === 'version') {
      const [model, version] = row.value.split('|') as [ProductKeyModel, string];
      versions.push({ model, soft_version: version || null, purifiers: n });
    }
  }
  versions.sort(
    (a, b) =>
      a.model.localeCompare(b.model) ||
      b.purifiers - a.purifiers ||
      (a.soft_version ?? '').localeCompare(b.soft_version ?? ''),
  );
  return { purifiers, sensors, versions };
}

/**
 * Folds the pending changes into `fleet_counts` (the worker, every device watch): one statement
 * moves and sums them; one fold at a time (others skip), so counter rows are never contended.
 * Answers how many changes were folded.
 */
export async function foldFleetCounts(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ folded: string | null }>(sql`
    WITH lock AS (SELECT pg_try_advisory_xact_lock(${FOLD_LOCK_KEY}) AS held),
    moved AS (
      DELETE FROM fleet_count_deltas
       WHERE (SELECT held FROM lock)
      RETURNING kind, dim, value, delta
    ),
    sums AS (
      SELECT kind, dim, value, sum(delta) AS n, count(*) AS changes FROM moved
       GROUP BY kind, dim, value
    ),
    applied AS (
      INSERT INTO fleet_counts (kind, dim, value, n)
      SELECT kind, dim, value, n FROM sums ORDER BY kind, dim, value
      ON CONFLICT (kind, dim, value) DO UPDATE SET n = fleet_counts.n + excluded.n
      RETURNING 1
    )
    SELECT (SELECT sum(changes) FROM sums) AS folded, (SELECT count(*) FROM applied) AS applied`);
  return Number(rows[0]?.folded ?? 0);
}

/**
 * One kept count (`dim` = `value` of `kind`), null when the filter is not one the database keeps:
 * the total of a drill-down list without a count over the fleet.
 */
export async function keptCount(
  db: Executor,
  kind: 'purifier' | 'sensor',
  dim: string,
  value: string,
): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(sql`
    SELECT sum(n) AS n FROM (
      SELECT n FROM fleet_counts WHERE kind = ${kind} AND dim = ${dim} AND value = ${value}
      UNION ALL
      SELECT delta FROM fleet_count_deltas WHERE kind = ${kind} AND dim = ${dim} AND value = ${value}
    ) c`);
  return Number(rows[0]?.n ?? 0);
}
