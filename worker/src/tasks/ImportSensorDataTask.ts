import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, Queue } from 'bullmq';
import { parse, type CsvError } from 'csv-parse';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { TIME_ZONE } from '@aircloud/shared/constants';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import { sensorRoom } from '@aircloud/shared/realtime';
import type { ImportRejection } from '@aircloud/shared/sensors';
import type { Database } from '@aircloud/core/db/client';
import { sensorImports, sensors, users } from '@aircloud/core/db/schema';
import type { JobData } from '@aircloud/core/queues';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import {
  CSV_READ_OPTIONS,
  detectDelimiter,
  parseHeader,
  parseRow,
  type CsvLayout,
  type HeaderError,
  type ParsedRow,
} from '@aircloud/core/sensor-imports/csv-format';
import { sensorImportPresenter } from '@aircloud/core/sensor-imports/presenter';
import { findSensorImport, type SensorImportRow } from '@aircloud/core/sensor-imports/repository';
import { sensorImportDir } from '@aircloud/core/sensor-imports/paths';
import {
  REJECTIONS_KEPT,
  ensurePartitionsFor,
  hoursOf,
  inTransaction,
  insertImportedRows,
  recordProgress,
  removeImportedRows,
} from '@aircloud/core/sensor-imports/store';
import { recomputeHours } from '@aircloud/core/telemetry/rollup';

export interface ImportSensorDataDeps {
  db: Database;
  logger: Logger;
  uploadDir: string;
  /** Base URL of the web app, for the mail's link to the sensor. */
  publicUrl: string;
  io?: RealtimeServer;
  mailQueue?: Queue<JobData['mail']>;
  /** Valid rows stored per transaction. */
  batchSize?: number;
  /** At most one progress event per this many ms (the final state is always pushed). */
  emitEveryMs?: number;
  /** Tests: runs after each committed batch; throwing there is a worker dying at that point. */
  afterBatch?: (batch: number) => void | Promise<void>;
}

/** What a run did, kept as the job's result. */
export type ImportSensorDataResult =
  { status: 'completed' | 'cancelled' | 'failed'; rowsRead: number } | { status: 'skipped' };

/** A whole file refused: the import fails with this catalogue key (not retried). */
class ImportFileError extends Error {
  constructor(readonly key: HeaderError | 'import.failed') {
    super(key);
  }
}

/** The first line of the file, to pick the separator before the parser starts. */
async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.search(/\r?\n/);
    return end < 0 ? text : text.slice(0, end);
  } finally {
    await handle.close();
  }
}

/**
 * The ImportSensorData task (queue `sensor-import`, job `{ importId }`): streams the CSV with
 * csv-parse, stores valid rows in batches (one INSERT … SELECT unnest … ON CONFLICT DO NOTHING
 * each: existing samples are duplicates, skipped and counted), with `batch_id` NULL (imported
 * rows never reach alert rules) and `import_id` set (a cancel deletes exactly them).
 *
 * Each batch is one transaction that also recomputes the roll-up of its hours and records the
 * progress: the last line stored, bytes read, counts and the first 100 rejections. The import
 * row is locked first, so a cancel (which takes the same lock) is seen between batches and no
 * batch commits after it. A worker killed mid-import *resumes*: the retried job (BullMQ stalled
 * job, or the sweep at worker start) re-reads the file and skips the lines up to the committed
 * one, so nothing is stored or counted twice. After the last attempt fails the import is marked
 * failed (`import.failed`) and its rows are removed.
 */
export function createImportSensorDataTask(deps: ImportSensorDataDeps) {
  const { db, logger, io, mailQueue, afterBatch } = deps;
  const batchSize = deps.batchSize ?? 2000;
  const emitEveryMs = deps.emitEveryMs ?? 500;

  const push = (row: SensorImportRow | undefined) => {
    if (io && row)
      io.to(sensorRoom(row.sensorId)).emit('sensor-import:updated', sensorImportPresenter(row));
  };

  /** Marks the import failed and removes what it stored, unless it was cancelled meanwhile. */
  async function fail(row: SensorImportRow, key: string) {
    await inTransaction(db.$client, async (client) => {
      const done = await client.query(
        `UPDATE sensor_imports SET state = 'failed', error = $2, finished_at = now()
          WHERE id = $1 AND state = 'running'`,
        [row.id, key],
      );
      if (done.rowCount) await removeImportedRows(client, row.sensorId, row.id);
    });
    push(await findSensorImport(db, row.id));
  }

  /** Completes the import and records its report mail, in one transaction. */
  async function complete(row: SensorImportRow): Promise<boolean> {
    let mailId: string | null = null;
    const completed = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(sensorImports)
        .set({ state: 'completed', finishedAt: new Date(), bytesRead: row.size })
        .where(sql`${sensorImports.id} = ${row.id} AND ${sensorImports.state} = 'running'`)
        .returning();
      if (!done) return null;
      const [user] = done.userId
        ? await tx.select().from(users).where(eq(users.id, done.userId)).limit(1)
        : [];
      const [sensor] = await tx.select().from(sensors).where(eq(sensors.id, done.sensorId));
      if (user) {
        mailId = await recordMail(tx, {
          to: user.email,
          lang: pickLanguage(user.lang),
          template: 'sensor_import',
          data: {
            firstname: user.firstname,
            link: `${deps.publicUrl}/sensors/${done.sensorId}`,
            sensor: sensor?.name || sensor?.serialNumber || done.sensorId,
            file: done.fileName,
            rows_read: done.rowsRead,
            rows_stored: done.rowsStored,
            rows_duplicate: done.rowsDuplicate,
            rows_rejected: done.rowsRejected,
            rejections: done.rejections,
          },
        });
      }
      return done;
    });
    if (!completed) return false;
    if (mailId && mailQueue) await dispatchMail(mailQueue, mailId);
    push(completed);
    return true;
  }

  return async function importSensorData(
    job: Pick<Job<JobData['sensor-import']>, 'data' | 'attemptsMade' | 'opts'>,
  ): Promise<ImportSensorDataResult> {
    const { importId } = job.data;
    const [row] = await db
      .update(sensorImports)
      .set({ state: 'running', startedAt: sql`coalesce(${sensorImports.startedAt}, now())` })
      .where(
        sql`${sensorImports.id} = ${importId} AND ${sensorImports.state} IN ('pending', 'running')`,
      )
      .returning();
    // Finished, cancelled or unknown: a duplicated or late job has nothing to do.
    if (!row) return { status: 'skipped' };
    const path = join(sensorImportDir(deps.uploadDir), row.storedFileName);
    const log = logger.child({ importId, sensorId: row.sensorId });
    if (row.lineReached > 0) log.info({ line: row.lineReached }, 'resuming sensor import');
    push(row);

    let stopped = false;
    try {
      stopped = !(await run(row, path));
    } catch (err) {
      const lastAttempt =
        err instanceof ImportFileError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!lastAttempt) throw err;
      const key = err instanceof ImportFileError ? err.key : 'import.failed';
      if (!(err instanceof ImportFileError)) log.error({ err }, 'sensor import failed for good');
      await fail(row, key);
      await rm(path, { force: true });
      return { status: 'failed', rowsRead: 0 };
    }
    await rm(path, { force: true });
    const final = await findSensorImport(db, importId);
    return { status: stopped ? 'cancelled' : 'completed', rowsRead: final?.rowsRead ?? 0 };
  };

  /** Reads the file from the committed line on; false when the import was cancelled meanwhile. */
  async function run(row: SensorImportRow, path: string): Promise<boolean> {
    let header: string;
    try {
      header = await firstLine(path);
    } catch {
      throw new ImportFileError('import.failed');
    }
    const delimiter = detectDelimiter(header);
    const parser = createReadStream(path).pipe(
      parse({
        ...CSV_READ_OPTIONS,
        delimiter,
        skip_records_with_error: true,
      }),
    );

    let layout: CsvLayout | null = null;
    let rejectionsKept = row.rejections.length;
    let valid: ParsedRow[] = [];
    let rejected: ImportRejection[] = [];
    let read = 0;
    let rejectedCount = 0;
    let line = row.lineReached;
    let bytes = 0;
    let batches = 0;
    let lastEmit = 0;
    const ensuredMonths = new Set<string>();

    const reject = (r: ImportRejection) => {
      read += 1;
      rejectedCount += 1;
      if (rejectionsKept + rejected.length < REJECTIONS_KEPT) rejected.push(r);
    };
    // The parser runs ahead of the loop: an unreadable line counts once the loop passes it, so
    // it is committed with the batch whose progress covers it (and never twice after a resume).
    const unreadable: number[] = [];
    const passUnreadable = (upTo: number) => {
      while (unreadable.length > 0 && unreadable[0]! <= upTo)
        reject({ line: unreadable.shift()!, reason: 'import.unreadable_line' });
    };
    parser.on('skip', (err: CsvError & { lines?: number }) => {
      const at = err.lines ?? line + 1;
      if (at > row.lineReached) unreadable.push(at);
    });

    const flush = async (): Promise<boolean> => {
      if (read === 0 && line <= row.lineReached) return true;
      if (valid.length > 0) {
        const months = new Set(valid.map((r) => new Date(r.ts).toISOString().slice(0, 7)));
        if ([...months].some((m) => !ensuredMonths.has(m))) {
          const times = valid.map((r) => r.ts);
          await ensurePartitionsFor(db.$client, Math.min(...times), Math.max(...times));
          for (const m of months) ensuredMonths.add(m);
        }
      }
      const stillRunning = await inTransaction(db.$client, async (client) => {
        const locked = await client.query<{ state: string }>(
          'SELECT state FROM sensor_imports WHERE id = $1 FOR UPDATE',
          [row.id],
        );
        if (locked.rows[0]?.state !== 'running') return false;
        const stored = await insertImportedRows(client, row.sensorId, row.id, valid);
        await recomputeHours(client, row.sensorId, hoursOf(stored));
        await recordProgress(client, row.id, {
          bytesRead: bytes,
          lineReached: line,
          rowsRead: read,
          rowsStored: stored.length,
          rowsDuplicate: valid.length - stored.length,
          rowsRejected: rejectedCount,
          rejections: rejected,
        });
        return true;
      });
      if (!stillRunning) return false;
      rejectionsKept += rejected.length;
      valid = [];
      rejected = [];
      read = 0;
      rejectedCount = 0;
      batches += 1;
      await afterBatch?.(batches);
      if (Date.now() - lastEmit >= emitEveryMs) {
        lastEmit = Date.now();
        push(await findSensorImport(db, row.id));
      }
      return true;
    };

    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number; bytes: number };
      }>) {
        if (layout === null) {
          // The zone recorded at upload: the mapping the preview showed, also after a resume.
          const parsed = parseHeader(record, delimiter, row.timeZone ?? TIME_ZONE);
          if (typeof parsed === 'string') throw new ImportFileError(parsed);
          layout = parsed;
          continue;
        }
        if (info.lines <= row.lineReached) continue; // stored before the worker stopped
        passUnreadable(info.lines - 1);
        line = info.lines;
        bytes = info.bytes;
        const result = parseRow(record, layout, info.lines);
        if ('ts' in result) {
          read += 1;
          valid.push(result);
        } else reject(result);
        if (valid.length >= batchSize || read >= batchSize * 4) {
          if (!(await flush())) return false;
        }
      }
    } finally {
      parser.destroy();
    }
    if (layout === null) throw new ImportFileError('import.empty_file');
    if (unreadable.length > 0) {
      line = Math.max(line, unreadable.at(-1)!);
      passUnreadable(line);
    }
    if (!(await flush())) return false;
    return complete(row);
  }
}

/**
 * Queues the imports left pending or running (a failed enqueue by the server, a worker that
 * died): the job id is the import id, so an import already queued is not queued twice.
 */
export async function requeueSensorImports(
  db: Database,
  queue: Queue<JobData['sensor-import']>,
): Promise<number> {
  const rows = await db
    .select({ id: sensorImports.id })
    .from(sensorImports)
    .where(sql`${sensorImports.state} IN ('pending', 'running')`);
  for (const { id } of rows) await queue.add('import', { importId: id }, { jobId: id });
  return rows.length;
}
