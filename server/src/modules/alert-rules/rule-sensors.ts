import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';

/**
 * The sensors that have enabled alert rules, as one server process knows them, so the telemetry
 * hot path can queue a fast `alert-rules` job for exactly the flushes that need one (no query
 * per flush). Refreshed every `refreshMs` from the rules changed since the last look (a little
 * overlap for late commits) and reloaded in full every minute (rules deleted or disabled drop
 * out then; a stale entry only costs a job that finds nothing). A rule created on another node
 * is known here within `refreshMs`; until then its samples are still evaluated by the `samples`
 * job of the flush.
 */
export class RuleSensors {
  #ids = new Set<string>();
  #since: Date | null = null;
  #lastFull = 0;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;

  constructor(
    private readonly db: Pick<Database, 'execute'>,
    private readonly logger: Logger,
    private readonly refreshMs = 1000,
  ) {}

  /** Loads the set now and keeps it fresh until `stop`. */
  start(): void {
    void this.refresh();
    this.#timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.#timer.unref();
  }

  /** Stops refreshing (waits for a refresh under way). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Whether the sensor has (or recently had) an enabled rule. */
  has(sensorId: string): boolean {
    return this.#ids.has(sensorId);
  }

  /** Reads the rules changed since the last refresh, or all of them once a minute. */
  refresh(): Promise<void> {
    this.#running ??= this.#load().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #load(): Promise<void> {
    const startedAt = new Date();
    const full = this.#since === null || startedAt.getTime() - this.#lastFull > 60_000;
    try {
      const { rows } = await this.db.execute<{ sensor_id: string }>(
        full
          ? sql`SELECT DISTINCT sensor_id FROM alert_rules WHERE enabled`
          : sql`SELECT DISTINCT sensor_id FROM alert_rules
                 WHERE enabled AND updated_at > ${new Date(this.#since!.getTime() - 5000)}`,
      );
      if (full) {
        this.#ids = new Set(rows.map((r) => r.sensor_id));
        this.#lastFull = startedAt.getTime();
      } else for (const r of rows) this.#ids.add(r.sensor_id);
      this.#since = startedAt;
    } catch (err) {
      this.logger.warn({ err }, 'alert rule sensors could not be refreshed');
    }
  }
}
