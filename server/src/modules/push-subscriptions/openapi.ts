import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  PUSH_TTL_S,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
} from '@aircloud/shared/notifications';
import { z } from 'zod';
import { dateTime, routeDocumenter } from '../../openapi/helpers.ts';

const documentRoute = routeDocumenter({ tags: ['notifications'], access: 'user' });

const SubscriptionSchema = z
  .object({
    endpoint: z.string().openapi({ example: 'https://fcm.googleapis.com/fcm/send/c1Kx…' }),
    user_agent: z.string().nullable(),
    created_at: dateTime(),
    last_success_at: dateTime().nullable(),
    last_failure_at: dateTime().nullable(),
  })
  .openapi('PushSubscription');

const DELIVERY =
  "A notification handed to the push channel (the type's `push` switch on, the user has a " +
  'subscription) is encrypted to each subscription (RFC 8291, aes128gcm) and posted to its ' +
  `endpoint with this server's VAPID signature (RFC 8292), TTL ${PUSH_TTL_S} s, urgency high ` +
  'for `alert_triggered`. The message is JSON `{id, type, title, body, url}` in the ' +
  "recipient's language. A push service answering 404 or 410 ends the subscription; other " +
  'failures are retried with backoff, one job per subscription.';

documentRoute({
  method: 'get',
  path: '/api/me/push_public_key',
  operationId: 'getPushPublicKey',
  summary: 'The key browsers subscribe to Web Push with',
  description:
    'The VAPID public key (P-256, base64url): `applicationServerKey` of ' +
    '`pushManager.subscribe`. Null when the server has no push keys (push is then off).',
  responses: {
    200: {
      description: 'The public key',
      schema: z.object({ public_key: z.string().nullable() }).openapi('PushPublicKey'),
    },
  },
});

documentRoute({
  method: 'post',
  path: '/api/me/push_subscriptions',
  operationId: 'subscribePush',
  summary: 'Receive push notifications in this browser',
  description:
    'The body is `PushSubscription.toJSON()` of the browser. `endpoint`: https (422 ' +
    '`push_endpoint_invalid`; http only with WEBHOOK_ALLOW_PRIVATE=1); `keys.p256dh` the ' +
    "browser's P-256 public key (65 bytes) and `keys.auth` its 16-byte secret, base64url " +
    `(\`push_key_invalid\`). Idempotent on the endpoint: 201 when new, 200 when it renews the ` +
    `keys. At most ${PUSH_SUBSCRIPTIONS_PER_USER} per user (\`push_subscription_limit\`); 503 ` +
    `\`push_unavailable\` without VAPID keys. ${DELIVERY}`,
  body: pushSubscriptionInputSchema,
  responses: {
    200: { description: 'Already known: keys renewed', schema: SubscriptionSchema },
    201: { description: 'Subscribed', schema: SubscriptionSchema },
  },
  errors: [503],
});

documentRoute({
  method: 'delete',
  path: '/api/me/push_subscriptions',
  operationId: 'unsubscribePush',
  summary: 'Stop push notifications to a browser',
  description:
    'The endpoint in the body `{"endpoint": "…"}` or in `?endpoint=`. 404 when the caller has ' +
    "no subscription of this endpoint (anybody else's is never revealed).",
  body: pushSubscriptionDeleteSchema,
  query: z.object({ endpoint: z.string().optional() }),
  responses: { 204: 'Unsubscribed' },
  errors: [404],
});
