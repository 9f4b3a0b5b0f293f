import { z } from 'zod';
import {
  activateSchema,
  editPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resendActivationSchema,
  resetPasswordSchema,
} from '@aircloud/shared/auth';
import { SECURITY, documentRoute } from './registry.ts';
import { ApiTokenSchema, MeSchema } from './schemas.ts';

/** Documentation of the foundation's calls: health, /security/*, registration and /api/me. */

const ReadinessSchema = z
  .object({
    status: z.enum(['ok', 'unavailable', 'draining']),
    checks: z
      .object({ database: z.enum(['ok', 'unavailable']), redis: z.enum(['ok', 'unavailable']) })
      .optional(),
  })
  .openapi('Readiness');

const SESSION = 'Sets the access_token and refresh_token cookies.';

documentRoute({
  method: 'get',
  path: '/healthz',
  operationId: 'getLiveness',
  summary: 'Liveness',
  tags: ['health'],
  access: 'public',
  responses: {
    200: { description: 'The process runs', schema: z.object({ status: z.literal('ok') }) },
  },
});
documentRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'Readiness (PostgreSQL and Redis answer, not shutting down)',
  tags: ['health'],
  access: 'public',
  responses: {
    200: { description: 'Ready', schema: ReadinessSchema },
    503: { description: 'Unavailable, or draining (shutting down)', schema: ReadinessSchema },
  },
});
documentRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetrics',
  summary: "This process's Prometheus metrics (docs/operations.md)",
  description:
    '`Authorization: Bearer <METRICS_TOKEN>` (not a user session: a cookie grants nothing); ' +
    '401 without it, 404 when the server has no METRICS_TOKEN (metrics off).',
  tags: ['health'],
  access: 'public',
  security: SECURITY.metrics,
  responses: {
    200: {
      description: 'The Prometheus text exposition format',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: {
      description: 'No or a wrong bearer token',
      content: { 'text/plain': { schema: z.string() } },
    },
  },
  errors: [400, 404],
});

documentRoute({
  method: 'post',
  path: '/security/token/request',
  operationId: 'signIn',
  summary: 'Sign in',
  description: SESSION,
  tags: ['security'],
  access: 'public',
  body: loginSchema,
  responses: { 204: 'Signed in' },
  errors: [401, 429],
});
documentRoute({
  method: 'post',
  path: '/security/token/refresh',
  operationId: 'refreshSession',
  summary: 'Rotate the session cookies (refresh_token cookie)',
  tags: ['security'],
  access: 'public',
  responses: { 204: 'Cookies rotated' },
  errors: [401],
});
documentRoute({
  method: 'get',
  path: '/security/logout',
  operationId: 'signOut',
  summary: 'Sign out (revokes the refresh token family, clears the cookies)',
  tags: ['security'],
  access: 'public',
  responses: { 204: 'Signed out' },
});
documentRoute({
  method: 'post',
  path: '/security/forgot-password',
  operationId: 'requestPasswordReset',
  summary: 'Mail a password-reset link',
  tags: ['security'],
  access: 'public',
  body: forgotPasswordSchema,
  responses: { 204: 'Accepted (whether or not the account exists)' },
  errors: [429],
});
documentRoute({
  method: 'post',
  path: '/security/reset-password',
  operationId: 'resetPassword',
  summary: 'Set a new password with the mailed token',
  tags: ['security'],
  access: 'public',
  body: resetPasswordSchema,
  responses: { 204: 'Password changed; every session of the user is revoked' },
  errors: [400],
});
documentRoute({
  method: 'post',
  path: '/security/activate',
  operationId: 'activateAccount',
  summary: 'Activate an account with the mailed token (signs in)',
  description:
    `${SESSION} The link dies once used, when a newer one is mailed, or when an ` +
    'administrator disables the account. Sent with `Cache-Control: no-store`.',
  tags: ['security'],
  access: 'public',
  body: activateSchema,
  responses: { 200: { description: 'The activated user', schema: MeSchema } },
  // 409 account_already_active: the link was used and its account is active.
  errors: [400, 409],
});

documentRoute({
  method: 'post',
  path: '/api/registration',
  operationId: 'register',
  summary: 'Self-registration (account disabled until activated by mail)',
  tags: ['registration'],
  access: 'public',
  body: registrationSchema,
  responses: {
    201: {
      description: 'Registered',
      schema: z.object({
        '@id': z.string(),
        '@type': z.literal('User'),
        ulid: z.string(),
        email: z.string(),
      }),
    },
  },
  errors: [409, 429],
});
documentRoute({
  method: 'post',
  path: '/api/registration/resend',
  operationId: 'resendActivation',
  summary: 'Mail a new activation link (account never activated)',
  description:
    'For an account that was never activated: its unused activation links stop working and a ' +
    'new one (valid 7 days) is mailed in the account language. Answers 204 whether or not ' +
    'such an account exists. Limited with registrations per address and per e-mail (429).',
  tags: ['registration'],
  access: 'public',
  body: resendActivationSchema,
  responses: { 204: 'Accepted (whether or not the account exists)' },
  errors: [429],
});
documentRoute({
  method: 'get',
  path: '/api/validation_codes/{code}',
  operationId: 'getValidationCode',
  summary: 'The e-mail of the account tied to a valid, unused code',
  tags: ['registration'],
  access: 'public',
  params: z.object({ code: z.string() }),
  responses: {
    200: {
      description: 'The code',
      schema: z.object({
        '@id': z.string(),
        '@type': z.literal('ValidationCode'),
        email: z.string(),
      }),
    },
  },
  errors: [404],
});

documentRoute({
  method: 'get',
  path: '/api/me',
  operationId: 'getMe',
  summary: 'The current user',
  description:
    'The API token is never in it (`api_token` is null): only its hint and validity. ' +
    'Sent with `Cache-Control: no-store`.',
  tags: ['me'],
  access: 'user',
  responses: { 200: { description: 'The current user', schema: MeSchema } },
});
documentRoute({
  method: 'post',
  path: '/api/me/edit-password',
  operationId: 'changeMyPassword',
  summary: 'Change my password',
  description:
    'Ends every credential of the account: sessions (access cookies included), live sockets, ' +
    'the personal API token and unused e-mailed links. A cookie caller gets fresh cookies.',
  tags: ['me'],
  access: 'user',
  body: editPasswordSchema,
  responses: { 204: 'Changed' },
  errors: [429],
});
documentRoute({
  method: 'post',
  path: '/api/me/generate-api-token',
  operationId: 'generateMyApiToken',
  summary: 'Generate my personal API token (replaces the previous one)',
  description:
    'The answer is the only time the token is shown (`Cache-Control: no-store`); afterwards ' +
    'GET /api/me gives its hint only. Only a browser session may call it: a Bearer (API ' +
    'token) caller is refused with 403 `forbidden`.',
  tags: ['me'],
  access: 'user',
  responses: { 200: { description: 'The new token', schema: ApiTokenSchema } },
  errors: [403],
});
