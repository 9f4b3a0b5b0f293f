import {
  WEBHOOK_FAILURES_TO_DISABLE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_S,
  WEBHOOKS_PER_USER,
  webhookInputSchema,
} from '@aircloud/shared/notifications';
import { z } from 'zod';
import { dateTime, pageQuery, routeDocumenter } from '../../openapi/helpers.ts';
import { hydraCollection } from '../../openapi/schemas.ts';

const documentRoute = routeDocumenter({ tags: ['notifications'], access: 'user' });

const WebhookSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/webhooks/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Webhook'),
    id: z.string(),
    url: z.string().openapi({ example: 'https://example.com/aircloud' }),
    enabled: z.boolean(),
    consecutive_failures: z.number().int(),
    disabled_at: dateTime().nullable(),
    created_at: dateTime(),
    secret: z
      .string()
      .optional()
      .openapi({ description: 'The signing secret: in the answer to the creation only' }),
  })
  .openapi('Webhook');

const DeliverySchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('WebhookDelivery'),
    id: z.string(),
    notification: z.string().openapi({ example: '/api/notifications/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: dateTime(),
    last_attempt_at: dateTime().nullable(),
    delivered_at: dateTime().nullable(),
  })
  .openapi('WebhookDelivery');

const SIGNING =
  `Each delivery is a POST of JSON \`{delivery, timestamp, notification}\` with ` +
  `\`${WEBHOOK_TIMESTAMP_HEADER}: <unix seconds>\` and ` +
  `\`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\`. ` +
  `A receiver recomputes the HMAC over the raw body, compares in constant time, refuses a ` +
  `timestamp more than ${WEBHOOK_TOLERANCE_S} s away from its clock (replay) and may drop a ` +
  `\`delivery\` id it already processed. Any 2xx is success; other answers and timeouts (5 s) ` +
  `are retried with exponential backoff (8 attempts); after ${WEBHOOK_FAILURES_TO_DISABLE} ` +
  `deliveries failed for good in a row the webhook is disabled and its user gets an in-app ` +
  `\`webhook_disabled\` notification.`;

documentRoute({
  method: 'get',
  path: '/api/webhooks',
  operationId: 'listWebhooks',
  summary: "The caller's webhooks",
  description: `Oldest first, not paged (at most ${WEBHOOKS_PER_USER}). ${SIGNING}`,
  responses: {
    200: {
      description: 'Hydra collection',
      schema: hydraCollection(WebhookSchema, 'WebhookCollection'),
    },
  },
});

documentRoute({
  method: 'post',
  path: '/api/webhooks',
  operationId: 'createWebhook',
  summary: 'Register a webhook',
  description:
    '`url`: http or https, no user name or password (422 `webhook_url_invalid`), a host that ' +
    'resolves (`webhook_url_unresolvable`) to public addresses only: private, loopback, ' +
    'link-local, shared and reserved ranges are refused (`webhook_url_private`; checked again ' +
    'at each delivery against the addresses the connection uses) unless the server runs with ' +
    `WEBHOOK_ALLOW_PRIVATE=1. At most ${WEBHOOKS_PER_USER} per user (\`webhook_limit\`). ` +
    '`secret` (16..200 characters) is generated when left out; the answer shows it once. ' +
    SIGNING,
  body: webhookInputSchema,
  responses: { 201: { description: 'Created (Location header)', schema: WebhookSchema } },
});

documentRoute({
  method: 'get',
  path: '/api/webhooks/{id}',
  operationId: 'getWebhook',
  summary: 'One webhook',
  description: "One of the caller's webhooks (404 for anybody else's); the secret is not shown.",
  responses: { 200: { description: 'The webhook', schema: WebhookSchema } },
  errors: [404],
});

documentRoute({
  method: 'delete',
  path: '/api/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook',
  description: "One of the caller's webhooks (404 for anybody else's), with its delivery log.",
  responses: { 204: 'Deleted' },
  errors: [404],
});

documentRoute({
  method: 'get',
  path: '/api/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "A webhook's delivery log",
  description:
    'Newest first, 20 a page: status (pending, delivered, failed), attempts, the last HTTP ' +
    'status code or error.',
  query: pageQuery,
  responses: {
    200: {
      description: 'Hydra collection',
      schema: hydraCollection(DeliverySchema, 'WebhookDeliveryCollection'),
    },
  },
  errors: [404],
});
