import { TIME_ZONE } from '@aircloud/shared/constants';
import {
  MEASURE_RANGES,
  SENSOR_MEASURES,
  isoClass,
  type ImportColumnMapping,
  type ImportRejection,
  type ImportVendor,
  type MeasureValues,
  type SensorMeasure,
} from '@aircloud/shared/sensors';
import { parseVendorDate } from './vendor-dates.ts';
import {
  detectVendor,
  mapColumn,
  resolveVendorHeader,
  type MeasureColumn,
  type VendorTime,
} from './vendors.ts';

/**
 * The sensor data CSV (the file GET /api/sensors/{ulid}/export writes, docs/api-sensors.md):
 * a header row, a `date` column (DD/MM/YYYY HH:mm[:ss], Europe/Paris) and/or a `timestamp`
 * column (ISO 8601 with its offset; it wins when both are filled, which is how the repeated
 * October hour reads back), then one column per measure named by the measure with an optional
 * unit in parentheses (`co2 (ppm)`, converted to ours when it differs). `iso` is ignored (derived
 * from pc05/pc5), unknown columns too. The vendors' exports (vendors.ts) are recognised by their
 * header and read with their own time column.
 */
export type Delimiter = ',' | ';';

/** How the columns of a file map to what a row holds. */
export interface CsvLayout {
  delimiter: Delimiter;
  /** Decimal comma accepted (only with `;`: with `,` the comma separates cells). */
  decimalComma: boolean;
  /** The export recognised (`aircloud`: our format, `date`/`timestamp`). */
  vendor: ImportVendor;
  dateIndex: number | null;
  timestampIndex: number | null;
  /** A vendor's time column (null for our format). */
  time: VendorTime | null;
  measures: MeasureColumn[];
  /** What becomes of every column, for the preview. */
  columns: ImportColumnMapping[];
}

/** Why a whole file is refused (catalogue keys). */
export type HeaderError =
  'import.empty_file' | 'import.no_date_column' | 'import.no_measure_column';

/** Names accepted for a measure besides its own (case-insensitive, before any unit). */
const ALIASES: Record<string, SensorMeasure> = {
  'pm2.5': 'pm25',
  'pm2,5': 'pm25',
  'pm1.0': 'pm1',
  hcho: 'formaldehyde',
};

/**
 * How csv-parse reads an import (the worker's stream and the preview alike, so the two never
 * disagree): a BOM dropped, line info kept, short or long rows and stray quotes tolerated (each
 * row is judged on its own), empty lines skipped.
 */
export const CSV_READ_OPTIONS = {
  bom: true,
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
} as const;

/** The separator of a header line: `;` when it has more of them than commas outside quotes. */
export function detectDelimiter(headerLine: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** The measure a header cell names, if any: `PM2.5 (µg/m3)` → pm25. */
export function measureOfColumn(cell: string): SensorMeasure | 'iso' | null {
  const name = cell
    .replace(/\(.*\)\s*$/, '')
    .trim()
    .toLowerCase();
  if (name === 'iso') return 'iso';
  if ((SENSOR_MEASURES as readonly string[]).includes(name)) return name as SensorMeasure;
  return ALIASES[name] ?? null;
}

/**
 * Reads the header cells of a file: which export it is, where the dates and the measures are and
 * in which units, or why it is refused. `ownerZone` is the zone vendor times without an offset
 * are read in (our own `date` column is Europe/Paris by definition).
 */
export function parseHeader(
  cells: string[],
  delimiter: Delimiter,
  ownerZone: string = TIME_ZONE,
): CsvLayout | HeaderError {
  const names = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
  if (names.every((n) => n === '')) return 'import.empty_file';
  const base = { delimiter, decimalComma: delimiter === ';' };
  const vendor = detectVendor(names);
  if (vendor !== null) {
    const header = resolveVendorHeader(vendor, names, ownerZone);
    if (header.time === null) return 'import.no_date_column';
    if (header.measures.length === 0) return 'import.no_measure_column';
    return { ...base, ...header, dateIndex: null, timestampIndex: null };
  }
  const find = (wanted: string) => {
    const i = names.findIndex((n) => measureOfColumn(n) === null && n.toLowerCase() === wanted);
    return i < 0 ? null : i;
  };
  const dateIndex = find('date');
  const timestampIndex = find('timestamp');
  if (dateIndex === null && timestampIndex === null) return 'import.no_date_column';
  const measures: MeasureColumn[] = [];
  const columns = names.map((column, index) =>
    mapColumn('aircloud', column, index, index === dateIndex || index === timestampIndex, measures),
  );
  if (measures.length === 0) return 'import.no_measure_column';
  return { ...base, vendor: 'aircloud', dateIndex, timestampIndex, time: null, measures, columns };
}

// Europe/Paris follows the EU rule (since 1996): summer time (UTC+2) from the last Sunday of
// March 01:00 UTC to the last Sunday of October 01:00 UTC, UTC+1 otherwise. Computed rather than
// asked of Intl for each of the hundreds of thousands of rows of a file.
const HOUR = 3_600_000;
const summerBounds = new Map<number, [number, number]>();

function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

function isParisSummer(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  let bounds = summerBounds.get(year);
  if (!bounds) {
    bounds = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    summerBounds.set(year, bounds);
  }
  return utcMs >= bounds[0] && utcMs < bounds[1];
}

/**
 * The instant of a Europe/Paris wall-clock time (fields as if UTC, in ms). In the repeated
 * October hour the first occurrence (summer time) is taken: only a `timestamp` tells them apart.
 * A time skipped in March does not exist: null.
 */
export function parisWallClockToUtc(wallMs: number): number | null {
  const summer = wallMs - 2 * HOUR;
  if (isParisSummer(summer)) return summer;
  const winter = wallMs - HOUR;
  if (!isParisSummer(winter)) return winter;
  return null;
}

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A `date` cell (DD/MM/YYYY HH:mm or HH:mm:ss, Europe/Paris) as epoch ms, or null. */
export function parseParisDate(cell: string): number | null {
  const m = DATE.exec(cell.trim());
  if (!m) return null;
  const [day, month, year, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || day < 1) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wall).getUTCDate() !== day) return null; // 31/02 and the like
  return parisWallClockToUtc(wall);
}

/** A `timestamp` cell (ISO 8601 with Z or an offset) as epoch ms, or null. */
export function parseTimestamp(cell: string): number | null {
  const value = cell.trim();
  if (!ISO.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** One valid row, ready to store. */
export interface ParsedRow {
  ts: number;
  measures: MeasureValues;
  iso: number | null;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Imported samples are dated from this instant on (older dates are refused as bad dates). */
export const IMPORT_MIN_TS = Date.UTC(2000, 0, 1);

/**
 * Reads one data row with its layout: the sample, or why the line is rejected. A date before
 * 2000 or more than a day ahead of `now` is a bad date (it would also need partitions for it).
 */
export function parseRow(
  cells: string[],
  layout: CsvLayout,
  line: number,
  now = Date.now(),
): ParsedRow | ImportRejection {
  let ts: number | null = null;
  const stamp = layout.timestampIndex === null ? '' : (cells[layout.timestampIndex] ?? '').trim();
  if (layout.time !== null) {
    const { index, column, order, zone } = layout.time;
    const cell = (cells[index] ?? '').trim();
    ts = cell === '' ? null : parseVendorDate(cell, order, zone);
    if (ts === null || ts < IMPORT_MIN_TS || ts > now + 24 * HOUR)
      return { line, reason: 'import.bad_date', column };
  } else if (stamp !== '') {
    ts = parseTimestamp(stamp);
    if (ts === null) return { line, reason: 'import.bad_date', column: 'timestamp' };
  } else {
    const date = layout.dateIndex === null ? '' : (cells[layout.dateIndex] ?? '').trim();
    ts = date === '' ? null : parseParisDate(date);
    if (ts === null) {
      const column = layout.dateIndex === null ? 'timestamp' : 'date';
      return { line, reason: 'import.bad_date', column };
    }
  }
  if (ts < IMPORT_MIN_TS || ts > now + 24 * HOUR) {
    const column = stamp !== '' ? 'timestamp' : 'date';
    return { line, reason: 'import.bad_date', column };
  }
  const measures: MeasureValues = {};
  let count = 0;
  for (const { index, measure, column, convert } of layout.measures) {
    let raw = (cells[index] ?? '').trim();
    if (raw === '') continue;
    if (layout.decimalComma) raw = raw.replace(',', '.');
    if (!NUMBER.test(raw)) return { line, reason: 'import.not_numeric', column };
    // Converted values keep 4 decimals: enough for any unit of ours, and readable in a preview.
    const value = convert ? Math.round(convert(Number(raw)) * 1e4) / 1e4 : Number(raw);
    const range = MEASURE_RANGES[measure];
    if (!Number.isFinite(value) || value < range.min || value > range.max)
      return { line, reason: 'import.out_of_range', column };
    measures[measure] = value;
    count += 1;
  }
  if (count === 0) return { line, reason: 'import.no_measure' };
  return { ts, measures, iso: isoClass(measures.pc05, measures.pc5) };
}
