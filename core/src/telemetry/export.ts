import { pipeline } from 'node:stream/promises';
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { addMonths, format, subDays, subMinutes } from 'date-fns';
import { escapeIdentifier, escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { GRAPH_MEASURES, MEASURE_UNITS } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';

/**
 * The export of a sensor's samples: its columns, its period limit, its file name, the COPY
 * statement that writes the CSV and the pages of rows a spreadsheet is written from. The import
 * (csv-format.ts) reads the CSV back unchanged.
 */

/** Dates of exports are shown in this zone (spec section 9). */
export const EXPORT_TIME_ZONE = 'Europe/Paris';

/**
 * The latest `to` an export from `from` may have: the same wall-clock time one calendar month
 * later in Europe/Paris (31 January → 28/29 February, as date libraries do), so a month that
 * contains a DST change is still "one month". A time that happens twice then is taken at its
 * first occurrence, and a time skipped by the spring change an hour earlier (its reading at the
 * offset after the change): the limit never exceeds the month.
 */
export function exportLimit(from: Date): Date {
  const start = new TZDate(from, EXPORT_TIME_ZONE);
  const limit = addMonths(start, 1);
  // TZDate reads a time that happens twice as its later occurrence and moves a skipped one
  // forward by the change; both are taken one change earlier.
  const change = tzOffset(EXPORT_TIME_ZONE, limit) - tzOffset(EXPORT_TIME_ZONE, subDays(limit, 1));
  const earlier = subMinutes(limit, Math.abs(change));
  const sameClock = (a: Date, b: Date) =>
    a.getHours() === b.getHours() && a.getMinutes() === b.getMinutes();
  const skipped = !sameClock(limit, start);
  const repeated = change < 0 && sameClock(earlier, start);
  return new Date((skipped || repeated ? earlier : limit).getTime());
}

/** A measure's export column: its name and its unit, `co2 (ppm)`. */
export const EXPORT_MEASURE_COLUMNS = GRAPH_MEASURES.map((m) => `${m} (${MEASURE_UNITS[m]})`);

/**
 * The CSV header of an export: timestamp first (what a program sorts and joins on), the Paris
 * date, then each measure with its unit.
 */
export const EXPORT_COLUMNS = ['timestamp', 'date', ...EXPORT_MEASURE_COLUMNS];

/**
 * The COPY statement of an export: PostgreSQL formats every row (date DD/MM/YYYY HH:mm:ss in
 * Europe/Paris, timestamp ISO 8601 UTC in ms, values with a decimal point, empty when missing), in
 * time order, over [from, to). COPY takes no parameters: the values are checked (ULID, ISO
 * instants) and quoted.
 */
export function exportStatement(sensorId: string, from: Date, to: Date): string {
  const columns = [
    `to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "timestamp"`,
    `to_char(ts AT TIME ZONE ${escapeLiteral(EXPORT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS') AS "date"`,
    ...GRAPH_MEASURES.map((m, i) => `${m} AS ${escapeIdentifier(EXPORT_MEASURE_COLUMNS[i]!)}`),
  ];
  return `COPY (
  SELECT ${columns.join(', ')}
  FROM sensor_measures
  WHERE sensor_id = ${escapeLiteral(sensorId)}
    AND ts >= ${escapeLiteral(from.toISOString())}::timestamptz
    AND ts < ${escapeLiteral(to.toISOString())}::timestamptz
  ORDER BY ts
) TO STDOUT WITH (FORMAT csv, HEADER true)`;
}

/** `YYYYMMDD-HHmm` in Europe/Paris, for the file name. */
function fileStamp(instant: Date): string {
  return format(instant, 'yyyyMMdd-HHmm', { in: tz(EXPORT_TIME_ZONE) });
}

/** The attachment name of an export: `<serial>_<from>_<to>.csv` (Europe/Paris times). */
export function exportFileName(
  serialNumber: string,
  from: Date,
  to: Date,
  extension: 'csv' | 'xlsx' = 'csv',
): string {
  return `${serialNumber}_${fileStamp(from)}_${fileStamp(to)}.${extension}`;
}

/** One exported sample: its instant and its values in GRAPH_MEASURES order (null when missing). */
export interface ExportRow {
  ts: Date;
  values: (number | null)[];
}

/** Rows read per query of a spreadsheet export (a month of one-minute samples is 45 pages). */
const EXPORT_PAGE_ROWS = 1000;

/**
 * The samples of [from, to) in time order, a page at a time (keyset on the primary key, so
 * each page is an index range and the month is never held in memory): what a spreadsheet
 * export is written from. Stops when the caller stops asking.
 */
export async function* sensorExportRows(
  db: Pick<Database, '$client'>,
  sensorId: string,
  from: Date,
  to: Date,
): AsyncGenerator<ExportRow> {
  const columns = GRAPH_MEASURES.map((m) => escapeIdentifier(m)).join(', ');
  // The cursor is PostgreSQL's own text of the last ts (microseconds), not a rounded Date.
  let cursor: string | null = null;
  for (;;) {
    type Row = Record<string, unknown> & { ts: Date; k: string };
    const { rows }: { rows: Row[] } = await db.$client.query<Row>(
      `SELECT ts, ts::text AS k, ${columns} FROM sensor_measures
        WHERE sensor_id = $1 AND ts >= $2 AND ts < $3
          AND ($4::timestamptz IS NULL OR ts > $4::timestamptz)
        ORDER BY ts LIMIT ${EXPORT_PAGE_ROWS}`,
      [sensorId, from, to, cursor],
    );
    for (const row of rows)
      yield {
        ts: row.ts,
        values: GRAPH_MEASURES.map((m) => (typeof row[m] === 'number' ? (row[m] as number) : null)),
      };
    if (rows.length < EXPORT_PAGE_ROWS) return;
    cursor = rows.at(-1)!.k;
  }
}

/**
 * Streams an export into `sink` through COPY TO STDOUT: rows go from PostgreSQL to the sink
 * chunk by chunk, never a month in memory. `start` runs once the COPY has begun, before the
 * first byte (an HTTP answer sets its headers there). A sink that goes away ends the COPY (the
 * connection is discarded rather than returned mid-copy); that is not an error.
 */
export async function copySensorExport(
  db: Pick<Database, '$client'>,
  sensorId: string,
  from: Date,
  to: Date,
  sink: NodeJS.WritableStream,
  start: () => void = () => undefined,
): Promise<void> {
  const client = await db.$client.connect();
  let failure: Error | undefined;
  try {
    const copy = client.query(copyTo(exportStatement(sensorId, from, to)));
    start();
    await pipeline(copy, sink);
  } catch (err) {
    failure = err as Error;
    if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  } finally {
    client.release(failure);
  }
}
