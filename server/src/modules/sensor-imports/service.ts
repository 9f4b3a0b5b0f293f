import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import { parse } from 'csv-parse/sync';
import { ulid } from '@aircloud/core/lib/ulid';
import { SENSOR_IMPORT_MAX_BYTES, TIME_ZONE, type Language } from '@aircloud/shared/constants';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { sensorRoom } from '@aircloud/shared/realtime';
import type { SensorImport, SensorImportPreview } from '@aircloud/shared/sensors';
import { translate } from '@aircloud/shared/i18n/translate';
import { sensorImportDir } from '@aircloud/core/sensor-imports/paths';
import type { AppContext } from '../../context.ts';
import type { JobData } from '@aircloud/core/queues';
import { AppError, fieldError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import type { IncomingUpload, ReceivedFile } from '../../http/upload.ts';
import { requireMachine, type MachineAction } from '@aircloud/core/access/machine-access';
import type { UserRow } from '@aircloud/core/users/repository';
import {
  detectDelimiter,
  parseHeader,
  type CsvLayout,
} from '@aircloud/core/sensor-imports/csv-format';
import { PREVIEW_BYTES, previewCsv } from '@aircloud/core/sensor-imports/preview';
import { sensorImportPresenter } from '@aircloud/core/sensor-imports/presenter';
import {
  findSensorImport,
  insertSensorImport,
  isRunningImportConflict,
  listSensorImports,
  type SensorImportRow,
} from '@aircloud/core/sensor-imports/repository';
import {
  cancelImportTransaction,
  revertImportTransaction,
} from '@aircloud/core/sensor-imports/store';

/**
 * The zone vendor times without an offset are read in: the sensor owner's. Accounts carry no zone
 * of their own yet, so every owner's is the product's (Europe/Paris).
 */
function ownerTimeZone(): string {
  return TIME_ZONE;
}

type ImportQueue = Queue<JobData['sensor-import']>;

/** Content types browsers and tools send for a .csv file (Windows says vnd.ms-excel). */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/comma-separated-values',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

/** An import, once its sensor's guard let `user` do `action` (an unknown import is 404). */
async function importFor(
  ctx: AppContext,
  user: UserRow,
  id: string,
  action: MachineAction,
): Promise<SensorImportRow> {
  const row = await findSensorImport(ctx.db, id);
  if (!row) throw new AppError(404, 'not_found');
  await requireMachine(ctx.db, user, 'sensor', row.sensorId, action);
  return row;
}

/** Pushes an import to the browsers following its sensor. */
export function pushSensorImport(
  ctx: Pick<AppContext, 'io'>,
  body: SensorImport,
  sensorId: string,
) {
  ctx.io.to(sensorRoom(sensorId)).emit('sensor-import:updated', body);
}

/** A refused file: 422 `type_invalid_file` on `file`, with the precise reason as its code. */
function invalidFile(lang: Language, code: string): AppError {
  return new AppError(422, 'type_invalid_file', [
    { propertyPath: 'file', code, message: translate(lang, code) },
  ]);
}

/** A .csv name, a CSV content type and text (no NUL byte in its first bytes), else 422. */
function checkCsvFile(file: ReceivedFile): void {
  if (file.size === 0) throw fieldError('type_file_not_found', 'file');
  const type = file.mimeType.toLowerCase().split(';')[0]!.trim();
  if (!/\.csv$/i.test(file.fileName) || !CSV_TYPES.has(type) || file.head.includes(0)) {
    throw fieldError('type_invalid_file', 'file');
  }
}

/**
 * Checks what can be checked before the worker reads the file: a CSV, and a header with a date
 * and at least one known measure in a known unit. Answers the header's layout (vendor, columns),
 * or null when the header is longer than the bytes kept (the worker judges it then).
 */
function checkCsv(file: ReceivedFile, lang: Language, zone: string): CsvLayout | null {
  checkCsvFile(file);
  const text = file.head.toString('utf8');
  const end = text.search(/\r?\n/);
  if (end < 0 && file.size > file.head.length) return null;
  const headerLine = end < 0 ? text : text.slice(0, end);
  const delimiter = detectDelimiter(headerLine);
  let cells: string[];
  try {
    cells =
      (parse(headerLine, { delimiter, bom: true, relax_quotes: true }) as string[][])[0] ?? [];
  } catch {
    throw invalidFile(lang, 'import.unreadable_line');
  }
  const layout = parseHeader(cells, delimiter, zone);
  if (typeof layout === 'string') throw invalidFile(lang, layout);
  return layout;
}

/** The first bytes of a received file, for the preview. */
async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * POST /api/sensors/{ulid}/imports?dry_run=1: what the import would do with the file (vendor,
 * column mapping, the first rows as they will be stored, the rejected ones), read from its first
 * 64 KB with the worker's own rules. Nothing is stored; the received file is removed.
 */
export async function previewSensorImport(
  ctx: AppContext,
  user: UserRow,
  sensorId: string,
  upload: IncomingUpload,
  lang: Language,
): Promise<SensorImportPreview> {
  await requireMachine(ctx.db, user, 'sensor', sensorId, 'control');
  const file = await receiveImportFile(ctx, upload);
  try {
    checkCsvFile(file);
    const head = await readHead(file.path, PREVIEW_BYTES);
    const preview = previewCsv(
      head,
      file.size > head.length,
      safeCsvName(file.fileName),
      ownerTimeZone(),
    );
    if (typeof preview === 'string') throw invalidFile(lang, preview);
    return preview;
  } finally {
    await rm(file.path, { force: true });
  }
}

/** Receives the `file` part (at most 30 MB: past it 413 `import-size`). */
async function receiveImportFile(ctx: AppContext, upload: IncomingUpload): Promise<ReceivedFile> {
  try {
    return await upload.receive(sensorImportDir(ctx.config.uploadDir), SENSOR_IMPORT_MAX_BYTES);
  } catch (err) {
    if (err instanceof AppError && err.status === 413) {
      throw new AppError(413, 'import-size', [
        { propertyPath: 'file', code: 'import-size', message: '' },
      ]);
    }
    throw err;
  }
}

/**
 * POST /api/sensors/{ulid}/imports: checks access and that no import of the sensor is running
 * before reading the body, streams the `file` part to disk (refused as soon as it passes 30 MB),
 * checks it is a CSV, commits the import (pending) and only then queues its job.
 */
export async function startSensorImport(
  ctx: AppContext,
  queue: ImportQueue,
  user: UserRow,
  sensorId: string,
  upload: IncomingUpload,
  lang: Language,
): Promise<SensorImport> {
  const { row: sensor } = await requireMachine(ctx.db, user, 'sensor', sensorId, 'control');
  const running = await ctx.db.$client.query(
    `SELECT 1 FROM sensor_imports WHERE sensor_id = $1 AND state IN ('pending', 'running')`,
    [sensor.id],
  );
  if (running.rowCount) throw new AppError(409, 'import_already_running');

  const dir = sensorImportDir(ctx.config.uploadDir);
  const file = await receiveImportFile(ctx, upload);
  try {
    const timeZone = ownerTimeZone();
    const layout = checkCsv(file, lang, timeZone);
    const id = ulid();
    const storedFileName = `${id}.csv`;
    const target = join(dir, storedFileName);
    await rename(file.path, target);
    let row: SensorImportRow;
    try {
      row = await insertSensorImport(ctx.db, {
        id,
        sensorId: sensor.id,
        userId: user.id,
        fileName: safeCsvName(file.fileName),
        storedFileName,
        size: file.size,
        // The worker reads the header again with this zone: the same mapping, also on resume.
        timeZone,
        vendor: layout?.vendor ?? null,
        columns: layout?.columns ?? null,
      });
    } catch (err) {
      await rm(target, { force: true });
      if (isRunningImportConflict(err)) throw new AppError(409, 'import_already_running');
      throw err;
    }
    // The row is committed: a failed enqueue loses nothing, the worker queues pending imports
    // again when it starts.
    await queue.add('import', { importId: id }, { jobId: id }).catch((err: unknown) => {
      ctx.logger.warn({ err, importId: id }, 'sensor import not queued yet');
    });
    const body = sensorImportPresenter(row);
    pushSensorImport(ctx, body, sensor.id);
    return body;
  } finally {
    await rm(file.path, { force: true });
  }
}

/** The client's file name made safe to show: last path segment, no control characters. */
function safeCsvName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean.length > 200 ? clean.slice(clean.length - 200) : clean) || 'import.csv';
}

/** GET /api/sensors/{ulid}/imports: the sensor's imports, latest first, 20 per page. */
export async function listImports(
  ctx: AppContext,
  user: UserRow,
  sensorId: string,
  page: number,
): Promise<HydraCollection<SensorImport>> {
  const { row: sensor } = await requireMachine(ctx.db, user, 'sensor', sensorId, 'view');
  const { rows, total } = await listSensorImports(ctx.db, sensor.id, page);
  return hydraCollection(
    `/api/sensors/${sensor.id}/imports`,
    'SensorImport',
    rows.map(sensorImportPresenter),
    total,
    { page },
  );
}

/** GET /api/sensor_imports/{id}. */
export async function getImport(ctx: AppContext, user: UserRow, id: string): Promise<SensorImport> {
  return sensorImportPresenter(await importFor(ctx, user, id, 'view'));
}

/**
 * DELETE /api/sensor_imports/{id}: a pending or running import is cancelled, a completed one is
 * undone (`reverted`); either way every row it stored is deleted (roll-up recomputed) in one
 * transaction. A failed, cancelled or reverted import answers 409 `cancel-import`. The browsers
 * following the sensor get the import. It is the owner's (403 for a share): it deletes history.
 */
export async function cancelImport(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<SensorImport> {
  const found = await importFor(ctx, user, id, 'manage');
  const undo = found.state === 'completed' ? revertImportTransaction : cancelImportTransaction;
  if (!(await undo(ctx.db.$client, id, found.sensorId))) throw new AppError(409, 'cancel-import');
  await rm(join(sensorImportDir(ctx.config.uploadDir), found.storedFileName), { force: true });
  const body = sensorImportPresenter((await findSensorImport(ctx.db, id))!);
  pushSensorImport(ctx, body, found.sensorId);
  return body;
}
