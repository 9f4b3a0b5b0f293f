import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
  smallint,
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
  WifiState,
} from '@aircloud/shared/purifiers';
import {
  SENSOR_MEASURES,
  type ImportRejection,
  type SensorImportState,
} from '@aircloud/shared/sensors';

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
    /** The last characters of the API token: it is shown once, then only as `aq_…wxyz`. */
    apiTokenHint: text('api_token_hint'),
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
    /** The last desired version the device acknowledged (socket `ack` or telemetry). */
    desiredAckVersion: integer('desired_ack_version'),
    /** The network state last recorded in `device_events`, to detect transitions. */
    wifiState: text('wifi_state').$type<WifiState>().notNull().default('not_configured'),
    /**
     * The device credential (docs/api-devices.md): SHA-256 of the secret the purifier received
     * when it exchanged its product key (the claim key) for it; null until then.
     */
    deviceSecretHash: text('device_secret_hash'),
    /**
     * The secret of a rotation under way (change of owner), sealed with the app secret so it can
     * be delivered again until the device first uses it; then it replaces `device_secret_hash`.
     */
    deviceSecretNextSealed: text('device_secret_next_sealed'),
    deviceSecretNextHash: text('device_secret_next_hash'),
    deviceSecretIssuedAt: timestamp('device_secret_issued_at', { withTimezone: true }),
    /** Who set the weekly schedule: it runs only while that user controls the purifier. */
    scheduleSetBy: text('schedule_set_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purifiers_product_key_key').on(t.productKeyId),
    uniqueIndex('purifiers_serial_number_key').on(t.serialNumber),
    index('purifiers_user_idx').on(t.userId),
    index('purifiers_schedule_set_by_idx')
      .on(t.scheduleSetBy)
      .where(sql`schedule_set_by IS NOT NULL`),
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

/**
 * Sensors, provisioned by technicians. A sensor authenticates with its serial number and a
 * secret generated at provisioning, stored as SHA-256 (a high-entropy secret needs no slow hash).
 */
export const sensors = pgTable(
  'sensors',
  {
    id: text('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    deviceSecretHash: text('device_secret_hash').notNull(),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    reportingIntervalS: integer('reporting_interval_s').notNull().default(60),
    /** The network state last recorded in `device_events`, to detect transitions. */
    wifiState: text('wifi_state').$type<WifiState>().notNull().default('not_configured'),
    /** Date the sensor was put into service (Europe/Paris), the provisioning date unless edited. */
    systemDate: date('system_date'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensors_serial_number_key').on(t.serialNumber),
    index('sensors_user_idx').on(t.userId),
    check('sensors_short_name_check', sql`char_length(${t.shortName}) <= 20`),
    check('sensors_reporting_interval_check', sql`${t.reportingIntervalS} >= 1`),
  ],
);

/**
 * Purifiers linked to a sensor (at most 8 per sensor, enforced by a trigger). `linked_by` is who
 * made the link: it acts only while that user controls the purifier (docs/security.md).
 */
export const sensorPurifiers = pgTable(
  'sensor_purifiers',
  {
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    linkedBy: text('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.purifierId] }),
    index('sensor_purifiers_purifier_idx').on(t.purifierId),
    index('sensor_purifiers_linked_by_idx').on(t.linkedBy),
  ],
);

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

/** Network and state transitions of devices (wifi connected/disconnected, state changes). */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: text('id').primaryKey(),
    deviceKind: text('device_kind').$type<'purifier' | 'sensor'>().notNull(),
    deviceId: text('device_id').notNull(),
    type: text('type').$type<'wifi' | 'state'>().notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('device_events_device_idx').on(t.deviceId, t.at),
    check('device_events_kind_check', sql`${t.deviceKind} IN ('purifier', 'sensor')`),
    check('device_events_type_check', sql`${t.type} IN ('wifi', 'state')`),
  ],
);

/**
 * Firmware files, uploaded by technicians and administrators. The file is stored under
 * `<uploadDir>/firmware/<stored_file_name>` (random name) and served publicly as
 * `/firmware/{id}/{original_file_name}`.
 */
export const firmwares = pgTable(
  'firmwares',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    originalFileName: text('original_file_name').notNull(),
    storedFileName: text('stored_file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Lower-case hex SHA-256 of the file, computed while it was streamed. */
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firmwares_stored_file_name_key').on(t.storedFileName),
    index('firmwares_created_idx').on(t.createdAt),
  ],
);

/**
 * The network-management (Cisco Meraki) webhook secret of a purifier, created on first use.
 * The secret is shown to whoever can access the purifier, so it is stored encrypted with the
 * app secret (AES-256-GCM), not hashed.
 */
export const purifierMerakiSecrets = pgTable('purifier_meraki_secrets', {
  purifierId: text('purifier_id')
    .primaryKey()
    .references(() => purifiers.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: createdAt(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
});

/**
 * Events received on a purifier's Meraki webhook, including malformed bodies (`mode` 'unknown'
 * and `error` set). A repeated delivery (same purifier, alert id and mode) is ignored.
 */
export const networkEvents = pgTable(
  'network_events',
  {
    id: text('id').primaryKey(),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    alertId: text('alert_id'),
    alertType: text('alert_type').notNull().default('unknown'),
    mode: text('mode').$type<'auto' | 'silent' | 'unknown'>().notNull().default('unknown'),
    /** The catalogue key of the error when the body was refused (malformed). */
    error: text('error'),
    /** The desired version the event's mode produced, when it changed the purifier. */
    desiredVersion: integer('desired_version'),
    raw: jsonb('raw'),
  },
  (t) => [
    index('network_events_purifier_idx').on(t.purifierId, t.receivedAt),
    uniqueIndex('network_events_alert_key')
      .on(t.purifierId, t.alertId, t.mode)
      .where(sql`alert_id IS NOT NULL`),
    check('network_events_mode_check', sql`${t.mode} IN ('auto', 'silent', 'unknown')`),
  ],
);

/**
 * Texts an administrator saved over the base catalogue (shared/src/i18n), one per language and
 * key. Served to every client with its catalogue and applied by the server's own translate().
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);

/**
 * Invitations to share machines: one per invited e-mail (stored lower-case) and sender.
 * `recipient_id` is set once an enabled account has that e-mail (at sending, or when the person
 * registers and activates). `status`: pending, then accepted or refused by the recipient, or
 * withdrawn (pending) / revoked (accepted) by the sender, or left (accepted) by the recipient.
 * Only pending and accepted ones are live; at most one live invitation per sender and e-mail.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'accepted' | 'refused' | 'withdrawn' | 'revoked' | 'left'>()
      .notNull()
      .default('pending'),
    /** Language of the mail when the recipient has no account yet (the sender's). */
    lang: text('lang').notNull().default('fr'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_live_key')
      .on(t.senderId, t.email)
      .where(sql`status IN ('pending', 'accepted')`),
    index('invitations_recipient_idx').on(t.recipientId, t.status),
    index('invitations_unclaimed_email_idx')
      .on(t.email)
      .where(sql`recipient_id IS NULL AND status = 'pending'`),
    check(
      'invitations_status_check',
      sql`${t.status} IN ('pending', 'accepted', 'refused', 'withdrawn', 'revoked', 'left')`,
    ),
  ],
);

/** The purifiers an invitation shares. */
export const invitationPurifiers = pgTable(
  'invitation_purifiers',
  {
    invitationId: text('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.purifierId] }),
    index('invitation_purifiers_purifier_idx').on(t.purifierId),
  ],
);

/** The sensors an invitation shares. */
export const invitationSensors = pgTable(
  'invitation_sensors',
  {
    invitationId: text('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.sensorId] }),
    index('invitation_sensors_sensor_idx').on(t.sensorId),
  ],
);

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
      sql`${t.state} IN ('pending', 'running', 'completed', 'cancelled', 'failed')`,
    ),
  ],
);

/**
 * Alert rules: `measure > threshold → mode` on a sensor, acting on its linked purifiers. A rule
 * triggers once the measure stayed above `threshold` for `confirm_s` seconds and stops once it
 * stayed at or below `threshold - hysteresis` for as long (ISO class thresholds lie in 5..9).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: text('id').primaryKey(),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    measure: text('measure').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    mode: text('mode').notNull(),
    confirmS: integer('confirm_s').notNull().default(60),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_sensor_idx').on(t.sensorId),
    index('alert_rules_created_by_idx').on(t.createdBy),
    check('alert_rules_mode_check', sql`${t.mode} IN ('off', 'silence', 'auto', 'boost')`),
    check('alert_rules_confirm_check', sql`${t.confirmS} >= 0`),
    check('alert_rules_hysteresis_check', sql`${t.hysteresis} >= 0`),
    check(
      'alert_rules_iso_check',
      sql`${t.measure} <> 'iso' OR (${t.threshold} >= 5 AND ${t.threshold} <= 9)`,
    ),
  ],
);

/**
 * Runtime state of each rule, written by the worker only: triggered or not since `changed_at`,
 * and since which sample time the measure has been above (not triggered) or below the stop band
 * (triggered). `active_from`: samples at or before it (older than the rule's last enabling) are
 * not judged by this rule.
 */
export const alertRuleStates = pgTable('alert_rule_states', {
  ruleId: text('rule_id')
    .primaryKey()
    .references(() => alertRules.id, { onDelete: 'cascade' }),
  triggered: boolean('triggered').notNull().default(false),
  changedAt: timestamp('changed_at', { withTimezone: true }),
  aboveSince: timestamp('above_since', { withTimezone: true }),
  belowSince: timestamp('below_since', { withTimezone: true }),
  activeFrom: timestamp('active_from', { withTimezone: true }),
});

/**
 * Evaluation progress per sensor: every device sample of the sensor with `ts <= evaluated_until`
 * has been judged by its rules (exactly once: the cursor moves in the same transaction as the
 * states and the history). Locked FOR UPDATE while a worker evaluates the sensor.
 */
export const alertRuleProgress = pgTable('alert_rule_progress', {
  sensorId: text('sensor_id')
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  evaluatedUntil: timestamp('evaluated_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * History of alert rules: every trigger and stop, at the time of the sample that caused it, with
 * the value, the rule's threshold and mode then, and the purifiers it acted on. Kept when the
 * rule is deleted (`rule_id` set null).
 */
export const alertTriggers = pgTable(
  'alert_triggers',
  {
    id: text('id').primaryKey(),
    ruleId: text('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'trigger' | 'stop'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    measure: text('measure').notNull(),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold').notNull(),
    mode: text('mode').notNull(),
    purifierIds: text('purifier_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_triggers_sensor_idx').on(t.sensorId, t.at, t.id),
    check('alert_triggers_kind_check', sql`${t.kind} IN ('trigger', 'stop')`),
  ],
);
