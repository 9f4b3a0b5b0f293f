import { createHash } from 'node:crypto';
import {
  GRAPH_MEASURES,
  MAX_POINTS_PER_SERIES,
  type GraphMeasure,
  type MeasuresQuery,
} from '@aircloud/shared/sensors';
import type { Database } from '@aircloud/core/db/client';

const HOUR = 3600;

/**
 * The roll-up bucket of a range: hourly while the range touches at most 2,000 hours, else k
 * hours with k = ceil(hours / 1999), so that buckets aligned on multiples of k hours (stable as
 * the range moves) are never more than 2,000 even when the range straddles a bucket edge.
 */
export function rollupBucketSeconds(from: Date, to: Date): number {
  const hours = Math.ceil(to.getTime() / 1000 / HOUR) - Math.floor(from.getTime() / 1000 / HOUR);
  if (hours <= MAX_POINTS_PER_SERIES) return HOUR;
  return Math.ceil(hours / (MAX_POINTS_PER_SERIES - 1)) * HOUR;
}

/** A ready statement for pg's query(): a name makes it a prepared statement per connection. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/** `array_agg` of a column as the text of a JSON array's items (`1,2.5,null`); '' when empty. */
const items = (expr: string, as: string) =>
  `coalesce(array_to_string(array_agg(${expr}), ',', 'null'), '') AS ${as}`;

/**
 * One text from many pieces written `a || b || c`, in a single pass: chained `||` would copy the
 * growing megabyte body once per piece, and concat() takes at most 100 arguments.
 */
const joined = (expr: string) => `array_to_string(ARRAY[${expr.split(' || ').join(', ')}], '')`;

/** The statement text for a list of measures (k and the range are parameters). */
function measuresText(measures: GraphMeasure[]): string {
  const rawColumns = measures.map((m) => items(m, m)).join(', ');
  const rawSeries = measures
    .map((m) => `'"${m}":{"t":[' || t || '],"v":[' || ${m} || ']}'`)
    .join(` || ',' || `);
  const hourlyColumns = measures
    .map((m) => (m === 'iso' ? 'iso_max AS iso' : `${m}_avg::real AS ${m}_avg, ${m}_min, ${m}_max`))
    .join(', ');
  const bucketColumns = measures
    .map((m) =>
      m === 'iso'
        ? 'max(iso_max) AS iso'
        : `(sum(${m}_avg * ${m}_n) / nullif(sum(${m}_n), 0))::real AS ${m}_avg, ` +
          `min(${m}_min) AS ${m}_min, max(${m}_max) AS ${m}_max`,
    )
    .join(', ');
  const rollupItems = measures
    .map((m) =>
      m === 'iso'
        ? items('iso', 'iso')
        : `${items(`${m}_avg`, `${m}_avg`)}, ${items(`${m}_min`, `${m}_min`)}, ` +
          items(`${m}_max`, `${m}_max`),
    )
    .join(', ');
  const rollupSeries = measures
    .map((m) =>
      m === 'iso'
        ? `'"iso":{"t":[' || t || '],"v":[' || iso || ']}'`
        : `'"${m}":{"t":[' || t || '],"v":[' || ${m}_avg || '],"min":[' || ${m}_min || ` +
          `'],"max":[' || ${m}_max || ']}'`,
    )
    .join(` || ',' || `);
  const head = (resolution: string, bucket: string) =>
    `'{"sensor":"' || $4::text || '","from":"' || $5::text || '","to":"' || $6::text || ` +
    `'","resolution":"${resolution}","bucket_seconds":' || ${bucket} || ',"series":{'`;
  const hourly = `sensor_id = $1 AND hour >= date_trunc('hour', $2::timestamptz, 'UTC') AND hour < $3`;
  return `
WITH probe AS (
  SELECT count(*)::int AS n FROM (
    SELECT 1 FROM sensor_measures WHERE sensor_id = $1 AND ts >= $2 AND ts < $3
    LIMIT ${MAX_POINTS_PER_SERIES + 1}) p
)
SELECT CASE WHEN $2 >= $8::timestamptz AND (SELECT n FROM probe) <= ${MAX_POINTS_PER_SERIES} THEN (
  SELECT ${joined(`${head('raw', `'null'`)} || ${rawSeries} || '}}'`)}
  FROM (
    SELECT ${items('extract(epoch FROM ts)::float8', 't')}, ${rawColumns}
    FROM (
      SELECT * FROM sensor_measures WHERE sensor_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts
    ) raw
  ) r
) WHEN $7::int = ${HOUR} THEN (
  SELECT ${joined(`${head('rollup', '$7::text')} || ${rollupSeries} || '}}'`)}
  FROM (
    SELECT ${items('extract(epoch FROM b)::bigint', 't')}, ${rollupItems}
    FROM (
      SELECT hour AS b, ${hourlyColumns} FROM sensor_measures_hourly WHERE ${hourly} ORDER BY hour
    ) buckets
  ) r
) ELSE (
  SELECT ${joined(`${head('rollup', '$7::text')} || ${rollupSeries} || '}}'`)}
  FROM (
    SELECT ${items('extract(epoch FROM b)::bigint', 't')}, ${rollupItems}
    FROM (
      SELECT date_bin(make_interval(secs => $7::int), hour, 'epoch') AS b, ${bucketColumns}
      FROM sensor_measures_hourly WHERE ${hourly}
      GROUP BY 1 ORDER BY 1
    ) buckets
  ) r
) END AS body`;
}

/** Prepared statement names by text; bounded, since anyone may ask for any measure subset. */
const prepared = new Map<string, string>();
const PREPARED_MAX = 64;

/**
 * The ONE statement answering a graph request, building the whole JSON body (SensorMeasures)
 * as text in PostgreSQL: it counts up to 2,001 raw samples of the range (PK index on
 * (sensor_id, ts), partitions pruned on ts); at most 2,000 → the raw samples, else the hourly
 * roll-up, or buckets of k hours aggregated from it (average weighted by counts, min of mins,
 * max of maxes; `iso` = highest class). Columnar: each series is `{t, v}` (raw) or
 * `{t, v, min, max}` (roll-up), `t` in epoch seconds. The range is [from, to).
 * A range starting before `rawFrom` (the raw retention boundary: older raw samples are dropped)
 * reads the roll-up whatever its length, so a short range in a dropped month is not empty.
 */
export function measuresStatement(
  sensorId: string,
  query: Pick<MeasuresQuery, 'from' | 'to' | 'measures'>,
  rawFrom: Date | null = null,
): Statement {
  const from = new Date(query.from);
  const to = new Date(query.to);
  // One order whatever the query's, so equal subsets share one prepared statement.
  const measures = GRAPH_MEASURES.filter((m) => query.measures.includes(m));
  const text = measuresText(measures);
  let name = prepared.get(text);
  if (!name && prepared.size < PREPARED_MAX) {
    name = `sensor-measures-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    prepared.set(text, name);
  }
  return {
    ...(name ? { name } : {}),
    text,
    values: [
      sensorId,
      from,
      to,
      sensorId,
      from.toISOString(),
      to.toISOString(),
      rollupBucketSeconds(from, to),
      rawFrom ?? '-infinity',
    ],
  };
}

/**
 * The body of GET …/measures as JSON text (SensorMeasures): PostgreSQL builds it, Node only
 * passes it on, so a year of data costs one statement and no row objects in JS.
 */
export async function measuresBody(
  db: Pick<Database, '$client'>,
  sensorId: string,
  query: Pick<MeasuresQuery, 'from' | 'to' | 'measures'>,
  rawFrom: Date | null = null,
): Promise<string> {
  const result = await db.$client.query<{ body: string }>(
    measuresStatement(sensorId, query, rawFrom),
  );
  return result.rows[0]!.body;
}
