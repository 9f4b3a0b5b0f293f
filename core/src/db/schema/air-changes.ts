import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  MaintenanceLevelKey,
  MaintenanceLevels,
  PurifierMode,
} from '@aircloud/shared/purifiers';
import { purifiers, sensors } from './fleet.ts';

/** Measured air changes (issue 25, docs/effectiveness.md): migration `0023_air_changes.sql`. */

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** The mode each purifier reported, from when: one row per change. */
export const purifierModeHistory = pgTable(
  'purifier_mode_history',
  {
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    mode: text('mode').$type<PurifierMode>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purifierId, t.at] }),
    check(
      'purifier_mode_history_mode_check',
      sql`${t.mode} IN ('off', 'silence', 'auto', 'boost')`,
    ),
  ],
);

/** The consumable levels each purifier reported, the last of each (UTC) day. */
export const purifierLevelHistory = pgTable(
  'purifier_level_history',
  {
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    levels: jsonb('levels').$type<Partial<MaintenanceLevels>>().notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.purifierId, t.day] })],
);

/** Decay episodes of a room sensor (PM2.5: filtration, CO2: ventilation), kept or discarded. */
export const decayEpisodes = pgTable(
  'decay_episodes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pm25' | 'co2'>().notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    mode: text('mode').$type<PurifierMode>(),
    peak: real('peak').notNull(),
    background: real('background').notNull(),
    rate: doublePrecision('rate'),
    r2: doublePrecision('r2'),
    samples: integer('samples').notNull(),
    kept: boolean('kept').notNull(),
    reason: text('reason'),
    /** The fitted part of the fall (null: nothing fitted). */
    fitFrom: at('fit_from'),
    fitTo: at('fit_to'),
    foundAt: at('found_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('decay_episodes_sensor_start_key').on(t.sensorId, t.kind, t.startAt),
    index('decay_episodes_sensor_end_idx').on(t.sensorId, t.endAt.desc()),
    check('decay_episodes_kind_check', sql`${t.kind} IN ('pm25', 'co2')`),
  ],
);

/** How far each sensor's samples were examined (an hour boundary), and its outdoor CO2 level. */
export const airChangeProgress = pgTable('air_change_progress', {
  sensorId: text('sensor_id')
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  examinedUntil: at('examined_until').notNull(),
  outdoorCo2: real('outdoor_co2'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The pace each consumable wears at (points per day, negative), kept by the worker. */
export const purifierWearPaces = pgTable(
  'purifier_wear_paces',
  {
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    level: text('level').$type<MaintenanceLevelKey>().notNull(),
    pacePerDay: real('pace_per_day').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.purifierId, t.level] })],
);

/** Each purifier's verdict in auto (against its TRH), kept by the worker after each examination. */
export const purifierAirVerdicts = pgTable(
  'purifier_air_verdicts',
  {
    purifierId: text('purifier_id')
      .primaryKey()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    verdict: text('verdict').$type<'meets' | 'below' | 'not_enough_data'>().notNull(),
    ach: real('ach'),
    targetAch: integer('target_ach').notNull(),
    /** Since when it has been below (null: not below). */
    belowSince: at('below_since'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('purifier_air_verdicts_below_idx')
      .on(t.belowSince)
      .where(sql`verdict = 'below'`),
  ],
);
