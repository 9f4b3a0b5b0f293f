import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProductKeyModel, ProductKeyState } from '@aircloud/shared/product-keys';
import type {
  DesiredState,
  MaintenanceEventType,
  MaintenanceLevels,
  PurifierState,
  ReportedState,
} from '@aircloud/shared/purifiers';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts. `email` is stored lower-case; `api_token_*` hold the personal API token. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    lang: text('lang').notNull().default('fr'),
    avatar: text('avatar'),
    role: text('role').notNull().default('ROLE_USER'),
    enabled: boolean('enabled').notNull().default(false),
    /** SHA-256 of the API token, to find its owner from a Bearer header. */
    apiTokenHash: text('api_token_hash'),
    /** The API token encrypted with the app secret (AES-256-GCM) so its owner can read it again. */
    apiTokenEncrypted: text('api_token_encrypted'),
    apiTokenValidity: timestamp('api_token_validity', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_api_token_hash_key').on(t.apiTokenHash),
  ],
);

/**
 * Rotating refresh tokens, stored hashed. Each login starts a family; a refresh replaces the
 * token by a new one of the same family. Presenting a replaced token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use codes sent by mail: account activation and password reset. Stored hashed. */
export const validationCodes = pgTable(
  'validation_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('validation_codes_code_hash_key').on(t.codeHash),
    index('validation_codes_user_idx').on(t.userId),
  ],
);

/**
 * The mail outbox: a mail is committed here in the same transaction as what caused it, then a
 * job is queued; the worker sends it and marks it sent, and re-queues any left pending.
 */
export const mails = pgTable(
  'mails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    lang: text('lang').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mails_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Uploaded images (avatars), stored outside the web root under a random file name and served
 * through the API, resized; `@id` is `/api/media_objects/{id}`.
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('media_objects_owner_idx').on(t.ownerId)],
);

/**
 * Product keys: a random 16-character key (stored without dashes) and a serial number
 * (`MODEL-000123`) per machine. generated -> exported (CSV) -> activated (a user adds it);
 * generated/exported <-> blocked. `purifier_id` is the purifier its first activation created,
 * kept across unlinks so a re-activation hands the same machine to the new user.
 */
export const productKeys = pgTable(
  'product_keys',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    serialNumber: text('serial_number').notNull(),
    model: text('model').$type<ProductKeyModel>().notNull(),
    state: text('state').$type<ProductKeyState>().notNull().default('generated'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purifierId: text('purifier_id').references((): AnyPgColumn => purifiers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_keys_key_key').on(t.key),
    uniqueIndex('product_keys_serial_number_key').on(t.serialNumber),
    index('product_keys_state_idx').on(t.state),
    index('product_keys_model_idx').on(t.model),
    index('product_keys_user_idx').on(t.userId),
    check(
      'product_keys_state_check',
      sql`${t.state} IN ('generated', 'exported', 'activated', 'blocked')`,
    ),
  ],
);

/**
 * Purifiers. A device shadow: `desired` (mode, TRH, schedule… set by users, schedules and rules,
 * versioned) and `reported` (what the device last said, null until then). `user_id` is null
 * once the key is unlinked. `last_schedule_slot_at` is the start of the last schedule slot the
 * worker handled, so a retried run never applies a slot twice.
 */
export const purifiers = pgTable(
  'purifiers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    productKeyId: text('product_key_id')
      .notNull()
      .references((): AnyPgColumn => productKeys.id, { onDelete: 'restrict' }),
    serialNumber: text('serial_number').notNull(),
    model: text('model').$type<ProductKeyModel>().notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    systemDate: date('system_date'),
    hourlyRecyclingRate: integer('hourly_recycling_rate').notNull().default(5),
    silentHourlyRecyclingRate: integer('silent_hourly_recycling_rate').notNull().default(5),
    pieceVolume: doublePrecision('piece_volume'),
    countPieceConnectedObject: integer('count_piece_connected_object').notNull().default(1),
    isPublic: boolean('is_public').notNull().default(false),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    desired: jsonb('desired').$type<DesiredState>().notNull(),
    reported: jsonb('reported').$type<ReportedState>(),
    state: text('state').$type<PurifierState>().notNull().default('operational'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    reportingIntervalS: integer('reporting_interval_s').notNull().default(60),
    maintenanceLevels: jsonb('maintenance_levels').$type<MaintenanceLevels>().notNull(),
    lastScheduleSlotAt: timestamp('last_schedule_slot_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purifiers_product_key_key').on(t.productKeyId),
    uniqueIndex('purifiers_serial_number_key').on(t.serialNumber),
    index('purifiers_user_idx').on(t.userId),
    index('purifiers_scheduled_idx')
      .on(t.id)
      .where(sql`jsonb_typeof(desired -> 'schedule') = 'object' AND user_id IS NOT NULL`),
    check('purifiers_short_name_check', sql`char_length(${t.shortName}) <= 20`),
    check('purifiers_trh_check', sql`${t.hourlyRecyclingRate} IN (5, 10, 15)`),
    check('purifiers_silent_trh_check', sql`${t.silentHourlyRecyclingRate} IN (5, 10, 15)`),
    check('purifiers_piece_volume_check', sql`${t.pieceVolume} >= 1`),
    check('purifiers_count_check', sql`${t.countPieceConnectedObject} >= 1`),
    check('purifiers_state_check', sql`${t.state} IN ('operational', 'warning', 'alert')`),
    check('purifiers_reporting_interval_check', sql`${t.reportingIntervalS} >= 1`),
  ],
);

/** Replacements of consumables (filters, prefilters, modules 1 to 4) on a purifier. */
export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: text('id').primaryKey(),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    type: text('type').$type<MaintenanceEventType>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_events_purifier_idx').on(t.purifierId, t.occurredAt),
    check(
      'maintenance_events_type_check',
      sql`${t.type} IN ('filters', 'prefilters', 'module_1', 'module_2', 'module_3', 'module_4')`,
    ),
  ],
);
