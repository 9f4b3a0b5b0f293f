import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ImportColumnMapping,
  ImportRejection,
  ImportVendor,
  SensorImportState,
} from '@aircloud/shared/sensors';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { sensors } from './fleet.ts';

/** CSV imports of sensor data. */

/**
 * CSV imports of sensor data (docs/api-sensors.md). The file waits under
 * `<uploadDir>/sensor-imports/<stored_file_name>` until the worker has read it. Progress is
 * committed with each batch of rows: `line_reached` is the last line whose rows are stored, so a
 * worker killed mid-import resumes after it. One pending or running import per sensor.
 */
export const sensorImports = pgTable(
  'sensor_imports',
  {
    id: text('id').primaryKey(),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    storedFileName: text('stored_file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    state: text('state').$type<SensorImportState>().notNull().default('pending'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    lineReached: integer('line_reached').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsStored: integer('rows_stored').notNull().default(0),
    rowsDuplicate: integer('rows_duplicate').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    rejections: jsonb('rejections').$type<ImportRejection[]>().notNull().default([]),
    /** Catalogue key of the reason of a failed import. */
    error: text('error'),
    /** The export recognised at upload, the zone its times without offset are read in, and
     * what each column becomes: the worker (and a resumed job) reads the file the same way. */
    vendor: text('vendor').$type<ImportVendor>(),
    timeZone: text('time_zone'),
    columns: jsonb('columns').$type<ImportColumnMapping[]>(),
    /** When a completed import was undone (its rows removed). */
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('sensor_imports_sensor_idx').on(t.sensorId, t.createdAt),
    uniqueIndex('sensor_imports_one_running_key')
      .on(t.sensorId)
      .where(sql`state IN ('pending', 'running')`),
    check(
      'sensor_imports_state_check',
      sql`${t.state} IN ('pending', 'running', 'completed', 'cancelled', 'failed', 'reverted')`,
    ),
  ],
);
