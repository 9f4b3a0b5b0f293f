import { parse } from 'csv-parse/sync';
import { TIME_ZONE } from '@aircloud/shared/constants';
import type {
  ImportPreviewRow,
  ImportRejection,
  SensorImportPreview,
} from '@aircloud/shared/sensors';
import {
  CSV_READ_OPTIONS,
  detectDelimiter,
  parseHeader,
  parseRow,
  type HeaderError,
} from './csv-format.ts';

/** The preview reads at most this much of a file… */
export const PREVIEW_BYTES = 64 * 1024;
/** …and shows at most this many valid rows (rejected ones among the lines read are all shown). */
export const PREVIEW_ROWS = 20;
const PREVIEW_LINES_MAX = 200;

/**
 * What an import would do with a file, read from its first bytes with the same header and row
 * rules as the worker (`?dry_run=1`): the vendor, each column's mapping, the first rows as they
 * will be stored and the rejected lines among those read. `truncated` says the bytes stop before
 * the end of the file: the last, maybe partial, line is then left out. Nothing is stored.
 */
export function previewCsv(
  head: Buffer,
  truncated: boolean,
  fileName: string,
  ownerZone: string,
  now = Date.now(),
): SensorImportPreview | HeaderError | 'import.unreadable_line' {
  let text = head.subarray(0, PREVIEW_BYTES).toString('utf8');
  // A client sends only the first 64 KB: a head that long may end inside a line.
  if (truncated || head.length >= PREVIEW_BYTES) {
    const end = Math.max(text.lastIndexOf('\n'), 0);
    text = text.slice(0, end);
  }
  const firstEnd = text.search(/\r?\n/);
  const headerLine = firstEnd < 0 ? text : text.slice(0, firstEnd);
  const delimiter = detectDelimiter(headerLine);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      ...CSV_READ_OPTIONS,
      delimiter,
      to_line: PREVIEW_LINES_MAX + 1,
    }) as unknown as typeof records;
  } catch {
    return 'import.unreadable_line';
  }
  const [header, ...rows] = records;
  if (!header) return 'import.empty_file';
  const layout = parseHeader(header.record, delimiter, ownerZone);
  if (typeof layout === 'string') return layout;

  const valid: ImportPreviewRow[] = [];
  const rejections: ImportRejection[] = [];
  let read = 0;
  for (const { record, info } of rows) {
    if (valid.length >= PREVIEW_ROWS) break;
    read += 1;
    const row = parseRow(record, layout, info.lines, now);
    if ('ts' in row)
      valid.push({ line: info.lines, ts: new Date(row.ts).toISOString(), ...row.measures });
    else rejections.push(row);
  }
  // Our own `date` column is Europe/Paris by definition.
  const zone = layout.time ?? { zone: TIME_ZONE, zoneSource: 'owner' as const };
  return {
    '@type': 'SensorImportPreview',
    file_name: fileName,
    vendor: layout.vendor,
    time_zone: zone.zone,
    time_zone_source: zone.zoneSource,
    columns: layout.columns,
    rows: valid,
    rejections,
    rows_read: read,
  };
}
