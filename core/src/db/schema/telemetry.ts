import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';

/** Sensor samples (wide, partitioned by month) and their hourly roll-up. */

const measureColumns = () =>
  Object.fromEntries(SENSOR_MEASURES.map((m) => [m, real(m)])) as Record<
    (typeof SENSOR_MEASURES)[number],
    ReturnType<typeof real>
  >;

/**
 * Sensor samples, wide (one column per measure), unique on (sensor, ts) so retried posts and
 * imports never duplicate; RANGE-partitioned by month on `ts` (hand-written in the migration,
 * partitions created by `ensure_sensor_measure_partitions`). `batch_id` is the ingest flush that
 * stored the row, so the worker rolls up exactly the rows of a flush once.
 */
export const sensorMeasures = pgTable(
  'sensor_measures',
  {
    sensorId: text('sensor_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    ...measureColumns(),
    iso: smallint('iso'),
    batchId: bigint('batch_id', { mode: 'number' }),
    /** The CSV import that stored the row (null for device samples): a cancel deletes exactly these. */
    importId: text('import_id'),
  },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.ts] }),
    index('sensor_measures_import_idx')
      .on(t.importId)
      .where(sql`import_id IS NOT NULL`),
  ],
);

const hourlyColumns = () =>
  Object.fromEntries(
    SENSOR_MEASURES.flatMap((m) => [
      [`${m}Avg`, doublePrecision(`${m}_avg`)],
      [`${m}Min`, real(`${m}_min`)],
      [`${m}Max`, real(`${m}_max`)],
      [`${m}N`, integer(`${m}_n`).notNull().default(0)],
    ]),
  ) as Record<string, ReturnType<typeof doublePrecision>>;

/** Hourly roll-up of `sensor_measures` (avg/min/max and count per measure), for long ranges. */
export const sensorMeasuresHourly = pgTable(
  'sensor_measures_hourly',
  {
    sensorId: text('sensor_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    samples: integer('samples').notNull().default(0),
    ...hourlyColumns(),
    isoMax: smallint('iso_max'),
  },
  (t) => [primaryKey({ columns: [t.sensorId, t.hour] })],
);

/** Ingest flushes already rolled up: a retried `samples` job never counts a flush twice. */
export const sensorRollupBatches = pgTable('sensor_rollup_batches', {
  batchId: bigint('batch_id', { mode: 'number' }).primaryKey(),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ingest flushes not rolled up yet, written by the flush itself (same statement): the `samples`
 * job is not the only record of the work, so a job lost between the commit and Redis (server
 * killed, Redis down) is rolled up by the worker's sweep. The roll-up deletes the row.
 */
export const sensorRollupPending = pgTable('sensor_rollup_pending', {
  batchId: bigint('batch_id', { mode: 'number' }).primaryKey(),
  sensorIds: text('sensor_ids').array().notNull(),
  fromTs: timestamp('from_ts', { withTimezone: true }).notNull(),
  toTs: timestamp('to_ts', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
