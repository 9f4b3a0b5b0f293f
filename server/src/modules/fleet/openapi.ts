import { z } from 'zod';
import {
  FLEET_LIST_SIZE,
  FLEET_MAINTENANCE_PERCENT,
  FLEET_PUSH_MS,
  FLEET_RATE_MINUTES,
  NO_SOFT_VERSION,
} from '@aircloud/shared/fleet';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import { PURIFIER_STATES, WIFI_STATES } from '@aircloud/shared/purifiers';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';
import { RolloutSchema } from '../firmware-rollouts/openapi.ts';

const documentRoute = routeDocumenter({ tags: ['fleet'], access: 'technician' });

const byWifi = z.object(Object.fromEntries(WIFI_STATES.map((s) => [s, z.number().int()])));

const DeviceSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/purifiers/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('FleetDevice'),
    kind: z.enum(['purifier', 'sensor']),
    ulid: z.string(),
    name: z.string(),
    serial_number: z.string(),
    model: z.enum(PRODUCT_KEY_MODELS).nullable(),
    state: z.enum(PURIFIER_STATES).nullable(),
    soft_version: z.string().nullable(),
    maintenance_min: z
      .number()
      .nullable()
      .openapi({ description: 'Lowest remaining life of its consumables, in percent' }),
    wifi_state: z.enum(WIFI_STATES),
    last_seen_at: dateTime().nullable(),
    owner: z
      .object({ ulid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() })
      .nullable(),
  })
  .openapi('FleetDevice');

const SummarySchema = z
  .object({
    '@id': z.literal('/api/fleet'),
    '@type': z.literal('FleetSummary'),
    purifiers: z.object({
      total: z.number().int(),
      wifi_state: byWifi,
      state: z.object(Object.fromEntries(PURIFIER_STATES.map((s) => [s, z.number().int()]))),
      held: z.number().int().openapi({ description: 'Purifiers whose mode rules hold now' }),
      maintenance_due: z
        .number()
        .int()
        .openapi({
          description: `Purifiers with a consumable under ${FLEET_MAINTENANCE_PERCENT} %`,
        }),
    }),
    sensors: z.object({ total: z.number().int(), wifi_state: byWifi }),
    versions: z.array(
      z.object({
        model: z.enum(PRODUCT_KEY_MODELS),
        soft_version: z.string().nullable(),
        purifiers: z.number().int(),
      }),
    ),
    offline: z.array(DeviceSchema),
    held: z.array(DeviceSchema),
    maintenance_due: z.array(DeviceSchema),
    telemetry: z.array(z.object({ minute: dateTime(), samples: z.number().int() })),
    air_changes: z
      .object({
        rooms_below: z.number().int(),
        rooms_measured: z.number().int(),
        purifiers_below: z.number().int(),
      })
      .openapi({
        description:
          'Rooms (sensors with linked purifiers) whose purifiers deliver, measured in auto, ' +
          'less than their TRH (docs/effectiveness.md), and rooms with a verdict',
      }),
    air_below: z.array(DeviceSchema).openapi({
      description: 'Purifiers measured below their TRH, longest below first',
    }),
    rollouts: z.array(RolloutSchema).openapi({
      description: `The firmware rollouts not completed or aborted, newest first (${FLEET_LIST_SIZE} at most)`,
    }),
    generated_at: dateTime(),
  })
  .openapi('FleetSummary');

documentRoute({
  method: 'get',
  path: '/api/fleet',
  operationId: 'getFleet',
  summary: 'The fleet at a glance',
  description:
    'Every purifier and sensor counted by network state (kept by the device watch, at most ' +
    '15 s behind) and purifiers by device state, held by alert rules now, maintenance due and ' +
    'firmware version per model; the counts are kept by the database as devices change, so ' +
    `the answer costs the same for any fleet. The first ${FLEET_LIST_SIZE} devices offline ` +
    '(longest silent first), held and due, and the telemetry samples accepted in each of the ' +
    `last ${FLEET_RATE_MINUTES} minutes. Live: a socket that sends \`fleet:subscribe\` gets ` +
    `\`fleet:summary\` at most every ${FLEET_PUSH_MS / 1000} s.`,
  responses: { 200: { description: 'The fleet summary', schema: SummarySchema } },
});

const flag = z.enum(['true', 'false']).optional();

documentRoute({
  method: 'get',
  path: '/api/fleet/purifiers',
  operationId: 'listFleetPurifiers',
  summary: 'The purifiers behind a fleet count',
  description:
    'Every purifier of the fleet with its owner, filtered like the counts of GET /api/fleet; ' +
    'longest silent first (lowest consumable first with `maintenance_due`), 20 per page. ' +
    `\`soft_version=${NO_SOFT_VERSION}\` lists those that never reported a version.`,
  query: z.object({
    wifi_state: z.enum(WIFI_STATES).optional(),
    state: z.enum(PURIFIER_STATES).optional(),
    model: z.enum(PRODUCT_KEY_MODELS).optional(),
    soft_version: z.string().optional(),
    held: flag,
    maintenance_due: flag,
    air_below: flag,
    page: z.string().optional().openapi({ example: '1' }),
  }),
  responses: { 200: collectionResponse(DeviceSchema, 'FleetDeviceCollection') },
});

documentRoute({
  method: 'get',
  path: '/api/fleet/sensors',
  operationId: 'listFleetSensors',
  summary: 'The sensors behind a fleet count',
  description: 'Every sensor of the fleet with its owner, longest silent first, 20 per page.',
  query: z.object({
    wifi_state: z.enum(WIFI_STATES).optional(),
    page: z.string().optional().openapi({ example: '1' }),
  }),
  responses: { 200: collectionResponse(DeviceSchema, 'FleetDeviceCollection') },
});
