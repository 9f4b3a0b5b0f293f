import { z } from 'zod';
import { NETWORK_ALERT_TYPES, NETWORK_EVENT_MODES } from '@aircloud/shared/network-events';
import { documentRoute } from '../../openapi/registry.ts';
import { UlidParam, hydraCollection } from '../../openapi/schemas.ts';

const MerakiSettingsSchema = z
  .object({
    '@type': z.literal('MerakiSettings'),
    webhook_url: z
      .string()
      .openapi({ example: 'https://aircloud.example/webhooks/meraki/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    shared_secret: z.string().nullable().openapi({
      description: 'The secret for its owner and administrators; null to an invited user',
    }),
  })
  .openapi('MerakiSettings');

const NetworkEventReceiptSchema = z
  .object({
    '@type': z.literal('NetworkEventReceipt'),
    duplicate: z.boolean().openapi({ description: 'This alertId was received before' }),
    ulid: z.string().optional(),
    mode: z.enum(NETWORK_EVENT_MODES).optional(),
    alert_type: z.enum(NETWORK_ALERT_TYPES).optional(),
    applied: z.boolean().optional(),
    start: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'On an end: the @id of the start it closed' }),
  })
  .openapi('NetworkEventReceipt');

/**
 * Meraki authenticates its webhooks with a shared secret inside the JSON body, which no OpenAPI
 * security scheme can express (they live in headers, query or cookies): it is modelled here,
 * as the required, write-only `sharedSecret` field.
 */
const MerakiWebhookSchema = z
  .looseObject({
    sharedSecret: z.string().openapi({
      description:
        "The credential of the call: the purifier's Meraki shared secret " +
        '(GET /api/purifiers/{ulid}/meraki); 401 when missing or wrong',
      format: 'password',
      writeOnly: true,
    }),
    alertId: z.string().min(1),
    occurredAt: z.string().openapi({ format: 'date-time' }),
    alertType: z.string().optional(),
    alertTypeId: z.string().optional(),
    alertLevel: z.string().optional(),
    // Meraki's other fields (version, sentAt, organizationId, networkId, deviceSerial,
    // alertData…) are kept as they come, whatever their type: the example shows them.
  })
  .openapi('MerakiWebhook', {
    example: {
      version: '0.1',
      sharedSecret: 'a1b2c3d4e5f6',
      sentAt: '2026-11-20T10:15:02.000000Z',
      organizationId: '2930418',
      networkId: 'L_123456789012345678',
      deviceSerial: 'Q2XX-XXXX-XXXX',
      alertId: '0000000000000000000001',
      alertType: 'Sensor change detected',
      alertTypeId: 'sensor_alert',
      alertLevel: 'warning',
      occurredAt: '2026-11-20T10:15:00.000000Z',
      alertData: { triggerData: [{ trigger: { type: 'tvoc', sensorValue: 812 } }] },
    },
  });

const NetworkEventSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('NetworkEvent'),
    ulid: z.string(),
    purifier: z.string(),
    date: z.string().openapi({ format: 'date-time', description: 'occurred_at, else received_at' }),
    received_at: z.string().openapi({ format: 'date-time' }),
    occurred_at: z.string().nullable().openapi({ format: 'date-time' }),
    mode: z.enum(NETWORK_EVENT_MODES),
    alert_type: z.enum(NETWORK_ALERT_TYPES),
    alert_name: z.string().nullable().openapi({ description: "Meraki's alertType text" }),
    alert_id: z.string().nullable(),
    error: z.string().nullable().openapi({ description: 'Catalogue key of a refused body' }),
    applied: z.boolean().openapi({ description: "Whether it changed the purifier's mode" }),
    alert_config_name: z
      .string()
      .nullable()
      .openapi({ description: "Meraki's alertData.alertConfigName (the alert profile condition)" }),
    ended_at: z.string().nullable().openapi({
      format: 'date-time',
      description: 'On a start: when its end came (the end is not listed as a row of its own)',
    }),
    duration_s: z.number().int().nullable().openapi({ description: 'On a start that ended' }),
    end_applied: z.boolean().nullable().openapi({
      description: 'On a start that ended: whether its end gave back the earlier mode',
    }),
    start: z
      .string()
      .nullable()
      .openapi({ description: 'On an end: the @id of the start it closed; null without a start' }),
  })
  .openapi('NetworkEvent');

const params = z.object({ ulid: UlidParam });

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/meraki',
  operationId: 'getPurifierMeraki',
  summary: "The purifier's Meraki webhook URL and shared secret",
  description:
    'The secret is created on first view; only its owner and administrators see it (null for a ' +
    'share). 409 `meraki_secret_unreadable` when the stored secret opens with no key of ' +
    'APP_SECRET / APP_SECRET_PREVIOUS: generate a new one with rotate-secret.',
  tags: ['meraki'],
  access: 'user',
  params,
  responses: { 200: { description: 'Settings', schema: MerakiSettingsSchema } },
  errors: [404, 409],
});

documentRoute({
  method: 'post',
  path: '/api/purifiers/{ulid}/meraki/rotate-secret',
  operationId: 'rotatePurifierMerakiSecret',
  summary: 'Replace the shared secret',
  description:
    'The old secret stops working at once: paste the new one in the Meraki dashboard. Also ' +
    'replaces a secret the server can no longer read (409 `meraki_secret_unreadable`).',
  tags: ['meraki'],
  access: 'user',
  params,
  responses: { 200: { description: 'New settings', schema: MerakiSettingsSchema } },
  errors: [403, 404],
});

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/network_events',
  operationId: 'listPurifierNetworkEvents',
  summary: 'Events received on the Meraki webhook',
  description: 'Latest received first, 20 per page; filters `mode` and `alert_type`.',
  tags: ['meraki'],
  access: 'user',
  params,
  query: z.object({
    page: z.string().optional(),
    mode: z.enum(NETWORK_EVENT_MODES).optional(),
    alert_type: z.enum(NETWORK_ALERT_TYPES).optional(),
  }),
  responses: {
    200: {
      description: 'Hydra collection',
      schema: hydraCollection(NetworkEventSchema, 'NetworkEventCollection'),
    },
  },
  errors: [404, 422],
});

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/network_events/{id}',
  operationId: 'getPurifierNetworkEvent',
  summary: 'One event received on the Meraki webhook (its @id)',
  tags: ['meraki'],
  access: 'user',
  params: z.object({ ulid: UlidParam, id: UlidParam }),
  responses: { 200: { description: 'The event', schema: NetworkEventSchema } },
  errors: [404],
});

documentRoute({
  method: 'post',
  path: '/webhooks/meraki/{ulid}',
  operationId: 'receiveMerakiWebhook',
  summary: 'Cisco Meraki webhook receiver',
  description:
    "Cisco Meraki's webhook body (`version`, `sharedSecret`, `sentAt`, `organizationId`, " +
    '`networkId`, `deviceSerial`, `alertId`, `alertType`, `alertTypeId`, `alertLevel`, ' +
    '`occurredAt`, `alertData`…; unknown fields tolerated). `sharedSecret` must equal the ' +
    "purifier's secret (401 otherwise). Required: `alertId`, `occurredAt`. A repeated " +
    '`alertId` (same mode) answers 200 `duplicate: true`. Only an MT sensor alert ' +
    '(`alertTypeId` sensor_alert, `deviceModel` MT…) maps to a measure; any other product ' +
    "(switch, access point, appliance) is logged `unknown` and changes nothing. Meraki's " +
    '`alertData.startedAlerting` tells a start (auto) from an end (silent; clear words for other ' +
    'senders); an end closes the start of the same `alertConfigId` and gives the purifier back ' +
    'the mode in force before it (docs/api-operations.md). Not JSON: 400 invalid_json; ' +
    'missing fields: 400 invalid_webhook_body (logged once per body, retries included). ' +
    'Rate-limited per purifier (429).',
  tags: ['meraki'],
  access: 'public',
  params,
  requestBody: {
    required: true,
    content: { 'application/json': { schema: MerakiWebhookSchema } },
  },
  responses: { 200: { description: 'Received', schema: NetworkEventReceiptSchema } },
  errors: [400, 401, 404, 413, 415, 429],
});
