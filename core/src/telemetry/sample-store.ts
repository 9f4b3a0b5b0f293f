import { SENSOR_MEASURES, type MeasureValues } from '@aircloud/shared/sensors';
import type pg from 'pg';

/** One sample ready to store. */
export interface SampleRow {
  sensorId: string;
  /** Milliseconds since the epoch. */
  ts: number;
  measures: MeasureValues;
  iso: number | null;
}

/** What one flush stored. */
export interface FlushResult {
  batchId: number;
  /**
   * `${sensorId}|${ts}` of the rows this flush stored (others already existed), or `'all'` when
   * it stored every row it was given (the common case: nothing to look up).
   */
  inserted: Set<string> | 'all';
  /** Sensors heard from again after being disconnected or never configured, with their old state. */
  reconnected: { id: string; was: string }[];
}

const columns = ['sensor_id', 'ts', ...SENSOR_MEASURES, 'iso'];
// Every column arrives as one array literal, written here (see arrayLiterals); `ts` as epoch
// milliseconds.
const unnestArgs = [
  '$1::text[]',
  '$2::bigint[]',
  ...SENSOR_MEASURES.map((_, i) => `$${i + 3}::real[]`),
  `$${SENSOR_MEASURES.length + 3}::smallint[]`,
];
const sensorIdsParam = `$${SENSOR_MEASURES.length + 4}::text[]`;
const rowCountParam = `$${SENSOR_MEASURES.length + 5}::int`;

/**
 * One statement per flush: every row through one `unnest` (a fixed number of parameters whatever
 * the row count), ON CONFLICT DO NOTHING so a retried batch never stores twice, all tagged with a
 * new batch id for the roll-up and recorded as pending (so the roll-up job is not its only
 * trace); in the same statement the sensors' `last_seen_at` (at most every 5 s per sensor) and
 * their wifi state, locked in id order so concurrent flushes cannot deadlock. The keys of the
 * stored rows come back only when some row was not stored (a repeat): otherwise all were.
 */
const FLUSH_SQL = `
WITH batch AS (SELECT nextval('sensor_measures_batch_seq') AS id),
ins AS (
  INSERT INTO sensor_measures (${columns.join(', ')}, batch_id)
  SELECT u.sensor_id, timestamptz 'epoch' + u.ms * interval '1 millisecond',
         ${[...SENSOR_MEASURES, 'iso'].map((c) => `u.${c}`).join(', ')}, batch.id
    FROM unnest(${unnestArgs.join(', ')}) AS u(${['sensor_id', 'ms', ...SENSOR_MEASURES, 'iso'].join(', ')}), batch
  ON CONFLICT DO NOTHING
  RETURNING sensor_id, ts
),
counted AS (SELECT count(*) AS n FROM ins),
pending AS (
  INSERT INTO sensor_rollup_pending (batch_id, sensor_ids, from_ts, to_ts)
  SELECT (SELECT id FROM batch), array_agg(DISTINCT sensor_id), min(ts), max(ts) FROM ins
  HAVING count(*) > 0
),
due AS (
  SELECT id, wifi_state FROM sensors
   WHERE id = ANY(${sensorIdsParam})
     AND (last_seen_at IS NULL OR last_seen_at < now() - interval '5 seconds' OR wifi_state <> 'connected')
   ORDER BY id FOR NO KEY UPDATE
),
seen AS (
  UPDATE sensors s SET last_seen_at = now(), wifi_state = 'connected'
    FROM due WHERE s.id = due.id
  RETURNING s.id, due.wifi_state AS was
)
SELECT (SELECT id FROM batch)::bigint AS batch_id,
       CASE WHEN (SELECT n FROM counted) = ${rowCountParam} THEN NULL
            ELSE (SELECT coalesce(json_agg(json_build_array(sensor_id,
                    (extract(epoch FROM ts) * 1000)::bigint)), '[]') FROM ins) END AS inserted,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'was', was)), '[]')
          FROM seen WHERE was <> 'connected') AS reconnected`;

/** A text element of an array literal: quoted, with `"` and `\\` escaped. */
function textElement(value: string): string {
  return /^[0-9A-Za-z_-]*$/.test(value) && value !== '' && value.toUpperCase() !== 'NULL'
    ? value
    : `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * The rows as one PostgreSQL array literal per column (`{a,b,NULL}`), written directly: what
 * node-postgres would send for JS arrays, without its per-element preparation (a measurable
 * share of the server's CPU per sample at tens of thousands of samples a second).
 */
export function arrayLiterals(rows: SampleRow[]): { params: string[]; sensorIds: string[] } {
  const n = rows.length;
  const ids = new Array<string>(n);
  const times = new Array<number>(n);
  const measures = SENSOR_MEASURES.map(() => new Array<string>(n));
  const isos = new Array<string>(n);
  const sensorIds = new Map<string, string>();
  for (let i = 0; i < n; i += 1) {
    const row = rows[i]!;
    let id = sensorIds.get(row.sensorId);
    if (id === undefined) {
      id = textElement(row.sensorId);
      sensorIds.set(row.sensorId, id);
    }
    ids[i] = id;
    times[i] = row.ts;
    for (let j = 0; j < SENSOR_MEASURES.length; j += 1) {
      const value = row.measures[SENSOR_MEASURES[j]!];
      // Finite numbers (validated): String() is their shortest exact form, which float4in reads.
      measures[j]![i] = value === undefined || value === null ? 'NULL' : String(value);
    }
    isos[i] = row.iso === null ? 'NULL' : String(row.iso);
  }
  const literal = (values: (string | number)[]) => `{${values.join(',')}}`;
  return {
    params: [literal(ids), literal(times), ...measures.map(literal), literal(isos)],
    sensorIds: [...sensorIds.values()],
  };
}

/** Stores the rows of one flush in one statement (its own transaction) and says what was new. */
export async function flushSamples(pool: pg.Pool, rows: SampleRow[]): Promise<FlushResult> {
  const { params, sensorIds } = arrayLiterals(rows);
  const { rows: result } = await pool.query<{
    batch_id: string;
    inserted: [string, string | number][] | null;
    reconnected: { id: string; was: string }[];
  }>({
    // Prepared once per connection: the statement is planned again only when PostgreSQL decides.
    name: 'aircloud-flush-samples',
    text: FLUSH_SQL,
    values: [...params, `{${sensorIds.join(',')}}`, rows.length],
  });
  const first = result[0]!;
  return {
    batchId: Number(first.batch_id),
    inserted:
      first.inserted === null
        ? 'all'
        : new Set(first.inserted.map(([id, ms]) => `${id}|${Number(ms)}`)),
    reconnected: first.reconnected,
  };
}
