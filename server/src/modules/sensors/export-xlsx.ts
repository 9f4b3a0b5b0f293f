import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { tzOffset } from '@date-fns/tz';
import ExcelJS from 'exceljs';
import {
  EXPORT_MEASURE_COLUMNS,
  EXPORT_TIME_ZONE,
  type ExportRow,
} from '@aircloud/core/telemetry/export';

/**
 * The spreadsheet export: real date cells and numbers, so it opens right in any locale (a
 * US-locale spreadsheet never reads 01/10 as January 10th, a French one never keeps `12.5` as
 * text). Streamed with exceljs's WorkbookWriter: each row is committed as it is read.
 */

/** Dates shown as ISO 8601 whatever the spreadsheet's locale: unambiguous everywhere. */
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The header row: both instants, then each measure with its unit, as in the CSV. */
export const XLSX_COLUMNS = [
  'timestamp (UTC)',
  `date (${EXPORT_TIME_ZONE})`,
  ...EXPORT_MEASURE_COLUMNS,
];

/**
 * A spreadsheet date cell holds no zone: the Paris wall clock of an instant, written as if it
 * were UTC (which is how exceljs turns a Date into a serial day number).
 */
function wallClock(instant: Date): Date {
  return new Date(instant.getTime() + tzOffset(EXPORT_TIME_ZONE, instant) * 60_000);
}

/** Rows written between two checks that the answer keeps up (and is still wanted). */
const ROWS_PER_CHECK = 500;

/**
 * Writes the rows as one worksheet into `stream`: a bold, frozen header; column A the UTC
 * instant and column B the Paris date, both date cells; then one numeric column per measure
 * (an empty cell when missing). Waits for the stream to drain every few hundred rows so a slow
 * reader never makes the server hold the month, and stops reading when the stream is gone.
 */
export async function writeXlsxExport(
  rows: AsyncIterable<ExportRow>,
  stream: Writable,
  sheetName: string,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = XLSX_COLUMNS.map((header, i) => ({
    header,
    width: i < 2 ? 21 : Math.max(12, header.length + 2),
    style: i < 2 ? { numFmt: DATE_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let written = 0;
  for await (const row of rows) {
    if (stream.destroyed) return;
    sheet.addRow([row.ts, wallClock(row.ts), ...row.values]).commit();
    written += 1;
    if (written % ROWS_PER_CHECK === 0 && stream.writableNeedDrain)
      await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  }
  sheet.commit();
  await workbook.commit();
}
