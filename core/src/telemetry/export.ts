import { pipeline } from 'node:stream/promises';
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { addMonths, format, subDays, subMinutes } from 'date-fns';
import { escapeIdentifier, escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { GRAPH_MEASURES, MEASURE_UNITS } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';

/**
 * The CSV export of a sensor's samples: its columns, its period limit, its file name and the
 * COPY statement that writes it. The import (csv-format.ts) reads this format back unchanged.
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

/** The CSV header of an export: date, timestamp, then each measure with its unit. */
export const EXPORT_COLUMNS = [
  'date',
  'timestamp',
  ...GRAPH_MEASURES.map((m) => `${m} (${MEASURE_UNITS[m]})`),
];

/**
 * The COPY statement of an export: PostgreSQL formats every row (date DD/MM/YYYY HH:mm:ss in
 * Europe/Paris, timestamp ISO 8601 UTC in ms, values with a decimal point, empty when missing), in
 * time order, over [from, to). COPY takes no parameters: the values are checked (ULID, ISO
 * instants) and quoted.
 */
export function exportStatement(sensorId: string, from: Date, to: Date): string {
  const columns = [
    `to_char(ts AT TIME ZONE ${escapeLiteral(EXPORT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS') AS "date"`,
    `to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "timestamp"`,
    ...GRAPH_MEASURES.map((m, i) => `${m} AS ${escapeIdentifier(EXPORT_COLUMNS[i + 2]!)}`),
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
export function exportFileName(serialNumber: string, from: Date, to: Date): string {
  return `${serialNumber}_${fileStamp(from)}_${fileStamp(to)}.csv`;
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
