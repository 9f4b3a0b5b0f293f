import { z } from 'zod';
import { NETWORK_ALERT_TYPES, NETWORK_EVENT_MODES } from '@aircloud/shared/network-events';
import { documentRoute } from '../../openapi/registry.ts';
import { UlidParam } from '../../openapi/schemas.ts';

const MerakiSettingsSchema = z
  .object({
    '@type': z.literal('MerakiSettings'),
    webhook_url: z
      .string()
      .openapi({ example: 'https://aircloud.example/webhooks/meraki/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    shared_secret: z.string(),
  })
  .openapi('MerakiSettings');

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
      schema: z.object({
        '@id': z.string(),
        '@type': z.literal('hydra:Collection'),
        'hydra:member': z.array(NetworkEventSchema),
        'hydra:totalItems': z.number().int(),
      }),
    },
  },
  errors: [404, 422],
});

documentRoute({
  method: 'post',
  path: '/webhooks/meraki/{ulid}',
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
    content: { 'application/json': { schema: { type: 'object' } } },
  },
  responses: {
    200: {
      description: 'Received',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              duplicate: { type: 'boolean' },
              ulid: { type: 'string' },
              mode: { type: 'string', enum: [...NETWORK_EVENT_MODES] },
              alert_type: { type: 'string', enum: [...NETWORK_ALERT_TYPES] },
              applied: { type: 'boolean' },
              start: {
                type: ['string', 'null'],
                description: 'On an end: the @id of the start it closed',
              },
            },
          },
        },
      },
    },
  },
  errors: [400, 401, 404, 413, 429],
});
