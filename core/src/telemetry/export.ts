import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { GRAPH_MEASURES, MEASURE_UNITS } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';
import { zoneOffsetMinutes } from '../purifiers/schedule-slots.ts';

/**
 * The CSV export of a sensor's samples: its columns, its period limit, its file name and the
 * COPY statement that writes it. The import (csv-format.ts) reads this format back unchanged.
 */

/** Dates of exports are shown in this zone (spec section 9). */
export const EXPORT_TIME_ZONE = 'Europe/Paris';
const MINUTE = 60_000;

/** The wall clock of `instant` in Europe/Paris, as a UTC-based Date (fields read with getUTC*). */
function wallClock(instant: Date): Date {
  return new Date(
    instant.getTime() + zoneOffsetMinutes(instant.getTime(), EXPORT_TIME_ZONE) * MINUTE,
  );
}

/**
 * The latest `to` an export from `from` may have: the same wall-clock time one calendar month
 * later in Europe/Paris (31 January → 28/29 February, as date libraries do), so a month that
 * contains a DST change is still "one month".
 */
export function exportLimit(from: Date): Date {
  const wall = wallClock(from);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = Date.UTC(
    year,
    month,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  const guess = next - zoneOffsetMinutes(from.getTime(), EXPORT_TIME_ZONE) * MINUTE;
  return new Date(next - zoneOffsetMinutes(guess, EXPORT_TIME_ZONE) * MINUTE);
}

/** The CSV header of an export: date, timestamp, then each measure with its unit. */
export const EXPORT_COLUMNS = [
  'date',
  'timestamp',
  ...GRAPH_MEASURES.map((m) => `${m} (${MEASURE_UNITS[m]})`),
];

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function identifier(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/**
 * The COPY statement of an export: PostgreSQL formats every row (date DD/MM/YYYY HH:mm:ss in
 * Europe/Paris, timestamp ISO 8601 UTC in ms, values with a decimal point, empty when missing), in
 * time order, over [from, to). COPY takes no parameters: the values are checked (ULID, ISO
 * instants) and quoted.
 */
export function exportStatement(sensorId: string, from: Date, to: Date): string {
  const columns = [
    `to_char(ts AT TIME ZONE ${literal(EXPORT_TIME_ZONE)}, 'DD/MM/YYYY HH24:MI:SS') AS "date"`,
    `to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "timestamp"`,
    ...GRAPH_MEASURES.map((m, i) => `${m} AS ${identifier(EXPORT_COLUMNS[i + 2]!)}`),
  ];
  return `COPY (
  SELECT ${columns.join(', ')}
  FROM sensor_measures
  WHERE sensor_id = ${literal(sensorId)}
    AND ts >= ${literal(from.toISOString())}::timestamptz
    AND ts < ${literal(to.toISOString())}::timestamptz
  ORDER BY ts
) TO STDOUT WITH (FORMAT csv, HEADER true)`;
}

/** `YYYYMMDD-HHmm` in Europe/Paris, for the file name. */
function fileStamp(instant: Date): string {
  const w = wallClock(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${w.getUTCFullYear()}${two(w.getUTCMonth() + 1)}${two(w.getUTCDate())}-` +
    `${two(w.getUTCHours())}${two(w.getUTCMinutes())}`
  );
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
