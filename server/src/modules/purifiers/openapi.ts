import {
  ROLLOUT_DEVICE_PHASES,
  ROLLOUT_DEVICE_STATUSES,
  ROLLOUT_STATUSES,
} from '@aircloud/shared/firmware-rollouts';
import { z } from 'zod';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import {
  DESIRED_SOURCES,
  MAINTENANCE_EVENT_TYPES,
  PURIFIER_MODES,
  PURIFIER_STATES,
  WIFI_STATES,
  activatePurifierSchema,
  maintenanceEventSchema,
  patchPurifierSchema,
  purifiersQuerySchema,
  scheduleSchema,
} from '@aircloud/shared/purifiers';
import { pageParam } from '@aircloud/shared/pagination';
import { MACHINE_ACCESSES } from '@aircloud/shared/invitations';
import { AIR_QUALITY_LEVELS, LEVELLED_MEASURES } from '@aircloud/shared/air-quality';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';
const levels = z.record(z.string(), z.number()).openapi({
  description: 'Percent left: prefilter, filters, module_1 … module_4',
});

const DesiredSchema = z
  .object({
    mode: z.enum(PURIFIER_MODES),
    trh: z.number().int(),
    silent_trh: z.number().int(),
    schedule: scheduleSchema.nullable(),
    firmware: z
      .object({
        version: z.string(),
        url: z.string(),
        sha256: z.string(),
        size: z.number().int(),
        rollout: z.string(),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          'The firmware to run, set by a firmware rollout: download it (range requests resume), ' +
          'check its SHA-256, install it, report its version as soft_version',
      }),
    version: z.number().int(),
    updated_at: dateTime(),
    source: z.enum(DESIRED_SOURCES),
    base: z
      .object({
        mode: z.enum(PURIFIER_MODES),
        source: z.enum(DESIRED_SOURCES),
        updated_at: dateTime(),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "While alert rules hold the mode (source 'rule'): what they took over, restored after",
      }),
  })
  .openapi('PurifierDesiredState');

const ReportedSchema = z
  .object({
    mode: z.enum(PURIFIER_MODES).optional(),
    trh: z.number().int().optional(),
    state: z.enum(PURIFIER_STATES).optional(),
    maintenance: levels.optional(),
    ip_address: z.string().optional(),
    mac_address: z.string().optional(),
    soft_version: z.string().optional(),
    ssid: z.string().optional(),
    version: z.number().int().optional(),
    reported_at: dateTime(),
  })
  .openapi('PurifierReportedState');

export const PurifierSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/purifiers/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Purifier'),
    ulid: z.string(),
    name: z.string(),
    short_name: z.string(),
    serial_number: z.string(),
    model: z.enum(PRODUCT_KEY_MODELS),
    owner: z.string().nullable(),
    product_key: z.string(),
    system_date: z.string().nullable().openapi({ format: 'date' }),
    hourly_recycling_rate: z.number().int(),
    silent_hourly_recycling_rate: z.number().int(),
    piece_volume: z.number().nullable(),
    count_piece_connected_object: z.number().int(),
    occupants: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The usual number of people in the room (null: not given)' }),
    is_public: z.boolean(),
    timezone: z.string(),
    mode: z.enum(PURIFIER_MODES).openapi({ description: 'Desired mode' }),
    reported_mode: z.enum(PURIFIER_MODES).nullable(),
    schedule: scheduleSchema.nullable(),
    state: z.enum(PURIFIER_STATES),
    wifi_state: z.enum(WIFI_STATES),
    last_seen_at: dateTime().nullable(),
    reporting_interval_s: z.number().int(),
    maintenance_levels: levels,
    ip_address: z.string().nullable(),
    mac_address: z.string().nullable(),
    soft_version: z.string().nullable(),
    ssid: z.string().nullable(),
    mqtt_url: z
      .string()
      .nullable()
      .openapi({ description: 'The MQTT broker the device uses (null: HTTP only)' }),
    desired: DesiredSchema,
    reported: ReportedSchema.nullable(),
    desired_ack_version: z.number().int().nullable(),
    pending: z.boolean().openapi({ description: 'desired not yet acknowledged by the device' }),
    created_at: dateTime(),
    updated_at: dateTime(),
    access: z
      .enum(MACHINE_ACCESSES)
      .optional()
      .openapi({
        description:
          'How the caller reaches it: owner, invited (accepted invitation: view and control, ' +
          'no delete, unlink or invite) or admin',
      }),
    linked_sensors: z
      .array(
        z
          .object({
            ulid: z.string(),
            name: z.string(),
            owner_name: z.string().nullable(),
            linked_by_name: z.string().nullable(),
            visible: z.boolean().openapi({ description: 'The caller can open the sensor' }),
          })
          .openapi('PurifierLinkedSensor'),
      )
      .optional()
      .openapi({
        description:
          'Detail only: the sensors linked to it (their alert rules may drive it), whoever owns ' +
          'them; the owner may remove any of these links',
      }),
    air: z
      .object({
        sensor_ulid: z.string(),
        sensor_name: z.string(),
        measure: z.enum(LEVELLED_MEASURES),
        value: z.number(),
        level: z.enum(AIR_QUALITY_LEVELS),
        measured_at: dateTime(),
      })
      .nullable()
      .optional()
      .openapi('PurifierAir', {
        description:
          "List and detail: the room's air, the worst levelled reading (decisions section 4 " +
          'levels) of the latest samples of the linked sensors the caller reaches, and which ' +
          'sensor gave it; null when none has one',
      }),
    air_sensors: z
      .array(z.object({ ulid: z.string(), name: z.string() }))
      .optional()
      .openapi({
        description:
          'List and detail: the linked sensors the caller reaches, in link order, whose readings ' +
          "make the room's air (a client follows their live streams)",
      }),
    hold_rules: z
      .array(
        z
          .object({
            ulid: z.string(),
            sensor_name: z.string(),
            measure: z.string(),
            threshold: z.number(),
            mode: z.enum(PURIFIER_MODES),
          })
          .openapi('PurifierHoldRule'),
      )
      .optional()
      .openapi({
        description:
          'List and detail: the triggered alert rules holding the mode (desired.base set), ' +
          'empty otherwise. A user may still change the mode (PATCH mode): the choice applies ' +
          'at once and ends the hold until a rule triggers again',
      }),
    firmware_update: z
      .object({
        rollout: z.string(),
        version: z.string(),
        status: z.enum(ROLLOUT_DEVICE_STATUSES),
        phase: z.enum(ROLLOUT_DEVICE_PHASES).nullable(),
        reason: z.string().nullable(),
        rollout_status: z.enum(ROLLOUT_STATUSES),
        sent_at: dateTime().nullable(),
        finished_at: dateTime().nullable(),
      })
      .nullable()
      .optional()
      .openapi({ description: 'Detail only: its latest firmware rollout, null if none' }),
  })
  .openapi('Purifier');

const MaintenanceEventSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('MaintenanceEvent'),
    ulid: z.string(),
    purifier: z.string(),
    type: z.enum(MAINTENANCE_EVENT_TYPES),
    occurred_at: dateTime(),
    user: z.string().nullable(),
    note: z.string(),
    video_link: z.string().openapi({
      description: "A how-to video of the replacement on the product's media host, '' without one",
    }),
  })
  .openapi('MaintenanceEvent');

const documentRoute = routeDocumenter({ tags: ['purifiers'], access: 'user' });

documentRoute({
  method: 'get',
  path: '/api/purifiers',
  operationId: 'listPurifiers',
  summary: "The caller's purifiers",
  description:
    '20 per page, by name: those the caller owns and those shared with them by an accepted ' +
    'invitation (`access: invited`). `search` matches name, short name or serial number; `wifi_state` ' +
    '(connected: heard from within 3 reporting intervals) and `state` filter. Admins add ' +
    "`user=<ulid>` to list another user's purifiers (others: 403).",
  query: purifiersQuerySchema,
  responses: { 200: collectionResponse(PurifierSchema, 'PurifierCollection') },
  errors: [403, 422],
});
documentRoute({
  method: 'post',
  path: '/api/purifiers/activate',
  operationId: 'activatePurifier',
  summary: 'Add a purifier with its product key',
  description:
    'Case, spaces and dashes of `key` are ignored. Only an exported key activates; it creates ' +
    'the purifier of its model for the caller. Unknown, generated, blocked or already activated ' +
    'keys answer 422 `bad_or_not_exported_key_code`.',
  body: activatePurifierSchema,
  responses: { 201: { description: 'The purifier', schema: PurifierSchema } },
});
documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}',
  operationId: 'getPurifier',
  summary: 'One purifier',
  description: 'Owner, admin, or holder of an accepted invitation; anyone else gets 404.',
  responses: { 200: { description: 'The purifier', schema: PurifierSchema } },
  errors: [404],
});
documentRoute({
  method: 'patch',
  path: '/api/purifiers/{ulid}',
  operationId: 'updatePurifier',
  summary: 'Configure a purifier (merge-patch)',
  description:
    'A change of mode, TRH or schedule updates `desired` (version + 1, source `user`). The ' +
    "one-tap mode control of the list and summary sends `{ mode }` alone: the answer's `pending` " +
    'stays true (and `reported_mode` differs) until the device confirms, pushed live on the ' +
    "purifier's channel. A mode chosen while alert rules hold it (`hold_rules`) applies at once " +
    'and ends the hold until a rule triggers again; one chosen during a schedule slot holds ' +
    'until the next slot.',
  body: patchPurifierSchema,
  responses: { 200: { description: 'The purifier', schema: PurifierSchema } },
  errors: [404],
});
documentRoute({
  method: 'delete',
  path: '/api/purifiers/{ulid}',
  operationId: 'deletePurifier',
  summary: 'Remove a purifier from its account',
  description:
    'As unlinking its key: the key returns to exported and the purifier is owned by nobody ' +
    'until the key is activated again. Everything the ownership gave ends in the same ' +
    'transaction: shares, sensor links, rule holds, schedule, Meraki secret, maintenance notes ' +
    'and network events; the device secret is rotated (docs/security.md). Owner or admin only: ' +
    'an invited user gets 403.',
  responses: { 204: 'Removed' },
  errors: [403, 404],
});
documentRoute({
  method: 'delete',
  path: '/api/purifiers/{ulid}/sensors/{sensorUlid}',
  operationId: 'unlinkPurifierSensor',
  summary: "Remove a sensor's link to a purifier",
  description:
    "The purifier's owner (or an admin) removes the link, whoever made it and owns the sensor: " +
    "that sensor's rules stop driving it at once. Invited users get 403; no such link 404.",
  responses: { 204: 'Unlinked' },
  errors: [403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/maintenance_events',
  operationId: 'listPurifierMaintenanceEvents',
  summary: 'Maintenance history of a purifier',
  query: z.object({ page: pageParam() }),
  responses: {
    200: collectionResponse(
      MaintenanceEventSchema,
      'MaintenanceEventCollection',
      'A hydra collection, latest first',
    ),
  },
  errors: [404],
});
documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/maintenance_events/{id}',
  operationId: 'getPurifierMaintenanceEvent',
  summary: 'One maintenance event (its @id)',
  responses: { 200: { description: 'The event', schema: MaintenanceEventSchema } },
  errors: [404],
});
documentRoute({
  method: 'post',
  path: '/api/purifiers/{ulid}/maintenance_events',
  operationId: 'createPurifierMaintenanceEvent',
  summary: 'Record a replacement',
  description:
    'Now, or at `occurred_at` (a date means midnight in the purifier time zone). Resets that ' +
    'maintenance level to 100 unless a later replacement of the same type is recorded.',
  body: maintenanceEventSchema,
  responses: { 201: { description: 'The event', schema: MaintenanceEventSchema } },
  errors: [404],
});
