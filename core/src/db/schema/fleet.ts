import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProductKeyModel, ProductKeyState } from '@aircloud/shared/product-keys';
import type {
  DesiredBase,
  DesiredState,
  MaintenanceEventType,
  MaintenanceLevels,
  PurifierState,
  ReportedState,
  WifiState,
} from '@aircloud/shared/purifiers';
import type {
  RolloutDevicePhase,
  RolloutDeviceStatus,
  RolloutPauseReason,
  RolloutStage,
  RolloutStatus,
} from '@aircloud/shared/firmware-rollouts';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/** The fleet: product keys, purifiers and their maintenance, sensors and their links, device events, firmware, the Meraki webhook. */

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
    /** The usual number of people in the room (clean air per person), null until given. */
    occupants: integer('occupants'),
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
    check(
      'purifiers_occupants_check',
      sql`${t.occupants} IS NULL OR ${t.occupants} BETWEEN 1 AND 1000`,
    ),
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
    /** A how-to video of the replacement on the product's media host, '' without one. */
    videoLink: text('video_link').notNull().default(''),
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
    /** Its version (`2.4.1`), what a purifier reports as `soft_version` once installed. */
    version: text('version').notNull(),
    /** The purifier models it fits (at least one). */
    models: text('models').array().$type<ProductKeyModel[]>().notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firmwares_stored_file_name_key').on(t.storedFileName),
    index('firmwares_created_idx').on(t.createdAt),
    check('firmwares_models_check', sql`cardinality(${t.models}) > 0`),
  ],
);

/**
 * Firmware rollouts (core/src/firmware/rollouts.ts): a firmware sent to a model's purifiers in
 * stages. A copy of what is sent (name, version, URL, hash, size) outlives the file.
 */
export const firmwareRollouts = pgTable(
  'firmware_rollouts',
  {
    id: text('id').primaryKey(),
    firmwareId: text('firmware_id').references(() => firmwares.id, { onDelete: 'set null' }),
    firmwareName: text('firmware_name').notNull(),
    firmwareVersion: text('firmware_version').notNull(),
    firmwareUrl: text('firmware_url').notNull(),
    firmwareSha256: text('firmware_sha256').notNull(),
    firmwareSize: bigint('firmware_size', { mode: 'number' }).notNull(),
    model: text('model').$type<ProductKeyModel>().notNull(),
    target: text('target').$type<'chosen' | 'outdated'>().notNull(),
    status: text('status').$type<RolloutStatus>().notNull(),
    stage: text('stage').$type<RolloutStage>().notNull(),
    pausedReason: text('paused_reason').$type<RolloutPauseReason>(),
    canaryPercent: integer('canary_percent').notNull(),
    successThreshold: integer('success_threshold').notNull(),
    maxFailureRate: integer('max_failure_rate').notNull(),
    timeoutMinutes: integer('timeout_minutes').notNull(),
    waveSize: integer('wave_size').notNull(),
    /** Failed and timed out when a person last resumed it: only new failures pause it again. */
    failuresAtResume: integer('failures_at_resume').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('firmware_rollouts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('firmware_rollouts_firmware_idx').on(t.firmwareId),
  ],
);

/** The purifiers of a rollout, each with its stage, its place in line and its outcome. */
export const firmwareRolloutDevices = pgTable(
  'firmware_rollout_devices',
  {
    rolloutId: text('rollout_id')
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: 'cascade' }),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
    /** Its place in line (random at creation): waves are sent in this order. */
    position: integer('position').notNull(),
    stage: text('stage').$type<RolloutStage>().notNull(),
    status: text('status').$type<RolloutDeviceStatus>().notNull().default('pending'),
    phase: text('phase').$type<RolloutDevicePhase>(),
    reason: text('reason'),
    fromVersion: text('from_version'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ name: 'firmware_rollout_devices_pkey', columns: [t.rolloutId, t.purifierId] }),
    index('firmware_rollout_devices_progress_idx').on(t.rolloutId, t.stage, t.status, t.position),
    index('firmware_rollout_devices_purifier_idx').on(t.purifierId),
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
 * and `error` set). A repeated delivery (same purifier, alert id and mode) is ignored, and so is
 * a repeated malformed body (same purifier and `body_sha256`). An alert's start (`mode` 'auto')
 * keeps what was in force before it (`prior`); its end (`mode` 'silent') names the start it
 * closes (`start_event_id`), paired by `pair_key` (Meraki's `alertConfigId`, else the alert id).
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
    /** `config:<alertConfigId>` or `alert:<alertId>`: what pairs a start with its end. */
    pairKey: text('pair_key'),
    /** On a start that changed the purifier: the mode in force before it (restored at its end). */
    prior: jsonb('prior').$type<DesiredBase>(),
    /** On an end: the start it closes (one end per start). */
    startEventId: text('start_event_id').references((): AnyPgColumn => networkEvents.id, {
      onDelete: 'set null',
    }),
    /** On a refused body: SHA-256 of the body without `sentAt`, so a retry is logged once. */
    bodySha256: text('body_sha256'),
  },
  (t) => [
    index('network_events_purifier_idx').on(t.purifierId, t.receivedAt),
    index('network_events_pair_idx').on(t.purifierId, t.pairKey),
    uniqueIndex('network_events_start_key')
      .on(t.startEventId)
      .where(sql`start_event_id IS NOT NULL`),
    uniqueIndex('network_events_refused_key')
      .on(t.purifierId, t.bodySha256)
      .where(sql`body_sha256 IS NOT NULL`),
    uniqueIndex('network_events_alert_key')
      .on(t.purifierId, t.alertId, t.mode)
      .where(sql`alert_id IS NOT NULL`),
    check('network_events_mode_check', sql`${t.mode} IN ('auto', 'silent', 'unknown')`),
  ],
);

/**
 * The fleet view's counts per device kind and counted dimension (`all`, `wifi_state`, `state`,
 * `held`, `maintenance_due`, `version`): kept by triggers on purifiers and sensors (migration
 * 0019), which append to `fleet_count_deltas`; the worker folds those in (core/src/fleet/counts.ts).
 */
export const fleetCounts = pgTable(
  'fleet_counts',
  {
    kind: text('kind').$type<'purifier' | 'sensor'>().notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'fleet_counts_pk', columns: [t.kind, t.dim, t.value] }),
    check('fleet_counts_kind_check', sql`${t.kind} IN ('purifier', 'sensor')`),
  ],
);

/** Changes of the fleet counts not folded into `fleet_counts` yet (+1 / -1 per change). */
export const fleetCountDeltas = pgTable('fleet_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').$type<'purifier' | 'sensor'>().notNull(),
  dim: text('dim').notNull(),
  value: text('value').notNull(),
  delta: integer('delta').notNull(),
});
