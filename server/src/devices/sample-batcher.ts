import type pg from 'pg';
import type { Logger } from 'pino';
import {
  flushSamples,
  type FlushResult,
  type SampleRow,
} from '@aircloud/core/telemetry/sample-store';

/** What a request gets back once its rows are committed. */
export interface StoreOutcome {
  accepted: number;
  duplicates: number;
  /** The rows of this request that were new (already committed). */
  stored: SampleRow[];
}

interface Waiter {
  rows: SampleRow[];
  resolve: (outcome: StoreOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Called after each committed flush with the new rows (publication, roll-up job) and the
 * seconds the commit took.
 */
export type FlushListener = (
  flush: FlushResult,
  stored: SampleRow[],
  commitSeconds: number,
) => Promise<void> | void;

/**
 * Group commit for the telemetry hot path: rows of concurrent requests are collected for at most
 * `delayMs` (or until `maxRows`) and written by one statement; each request is answered once its
 * rows are committed. While `maxInflight` flushes run, new rows wait and go together in the next
 * one, so a slower database means bigger, not more, statements.
 */
export class SampleBatcher {
  #waiting: Waiter[] = [];
  #waitingRows = 0;
  #timer: NodeJS.Timeout | undefined;
  #inflight = 0;
  #idle: (() => void)[] = [];
  readonly #after = new Set<Promise<void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly onFlush: FlushListener,
    private readonly options: { delayMs?: number; maxRows?: number; maxInflight?: number } = {},
  ) {}

  /** Stores rows (with the next flush) and resolves once they are committed. */
  store(rows: SampleRow[]): Promise<StoreOutcome> {
    return new Promise<StoreOutcome>((resolve, reject) => {
      this.#waiting.push({ rows, resolve, reject });
      this.#waitingRows += rows.length;
      this.#schedule();
    });
  }

  /** Resolves when nothing is waiting or being written (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.#waiting.length > 0 || this.#inflight > 0)
      await new Promise<void>((resolve) => this.#idle.push(resolve));
    await Promise.all([...this.#after]);
  }

  /**
   * Starts a flush now (enough rows, or rows that already waited for a running flush), or arms
   * the timer; never more than `maxInflight` at once (the running flush calls back when done).
   */
  #schedule(waited = false): void {
    if (this.#waiting.length === 0) return;
    if (this.#inflight >= (this.options.maxInflight ?? 2)) return;
    if (waited || this.#waitingRows >= (this.options.maxRows ?? 2000)) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.#flush();
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#schedule(true);
    }, this.options.delayMs ?? 4);
  }

  async #flush(): Promise<void> {
    const waiters = this.#waiting;
    if (waiters.length === 0) return;
    this.#waiting = [];
    this.#waitingRows = 0;
    this.#inflight += 1;
    const rows = waiters.flatMap((w) => w.rows);
    try {
      const started = performance.now();
      const result = await flushSamples(this.pool, rows);
      const commitSeconds = (performance.now() - started) / 1000;
      const stored: SampleRow[] = [];
      const { inserted } = result;
      for (const waiter of waiters) {
        let mine: SampleRow[];
        // Every row stored (no repeat in the flush, none stored before): all of them are new.
        if (inserted === 'all') mine = waiter.rows;
        else {
          mine = [];
          for (const row of waiter.rows) {
            const key = `${row.sensorId}|${row.ts}`;
            // The first request carrying a row gets it as stored; a repeat in the same flush
            // (or a row stored earlier) counts as a duplicate.
            if (inserted.delete(key)) mine.push(row);
          }
        }
        for (const row of mine) stored.push(row);
        waiter.resolve({
          accepted: mine.length,
          duplicates: waiter.rows.length - mine.length,
          stored: mine,
        });
      }
      // Publication and the roll-up job do not hold the next flush back.
      const after = Promise.resolve()
        .then(() => this.onFlush(result, stored, commitSeconds))
        .catch((err: unknown) =>
          this.logger.warn({ err }, 'after-flush work failed (samples are stored)'),
        )
        .finally(() => this.#after.delete(after));
      this.#after.add(after);
    } catch (err) {
      this.logger.error({ err, rows: rows.length }, 'telemetry flush failed');
      for (const waiter of waiters) waiter.reject(err);
    } finally {
      this.#inflight -= 1;
      this.#schedule(true);
      if (this.#waiting.length === 0 && this.#inflight === 0)
        this.#idle.splice(0).forEach((resolve) => resolve());
    }
  }
}
