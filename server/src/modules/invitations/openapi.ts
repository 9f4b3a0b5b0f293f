import { z } from 'zod';
import {
  INVITATION_DIRECTIONS,
  INVITATION_STATES,
  createInvitationSchema,
  invitationsQuerySchema,
  updateInvitationSchema,
} from '@aircloud/shared/invitations';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';

const MachineSchema = z
  .object({ '@id': z.string(), ulid: z.string(), name: z.string(), serial_number: z.string() })
  .openapi('InvitationMachine');

const PersonSchema = z
  .object({
    '@id': z.string(),
    ulid: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
  })
  .openapi('InvitationPerson');

const InvitationSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/invitations/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Invitation'),
    ulid: z.string(),
    direction: z.enum(INVITATION_DIRECTIONS),
    email: z.string(),
    state: z.enum(INVITATION_STATES).openapi({
      description:
        'waiting_for_user: no account has this e-mail yet; waiting_for_approval: the recipient ' +
        'must accept or refuse; accepted: the recipient views and controls the machines',
    }),
    sender: PersonSchema,
    recipient: PersonSchema.nullable(),
    purifiers: z.array(MachineSchema),
    sensors: z.array(MachineSchema),
    created_at: dateTime(),
    updated_at: dateTime(),
    accepted_at: dateTime().nullable(),
  })
  .openapi('Invitation');

const documentRoute = routeDocumenter({ tags: ['invitations'], access: 'user' });

documentRoute({
  method: 'get',
  path: '/api/invitations',
  operationId: 'listInvitations',
  summary: 'Invitations sent or received by the caller',
  description:
    'Live invitations only (waiting or accepted), latest first, 20 per page. `purifier` or ' +
    '`sensor` narrows the list to invitations sharing that machine (its invitations tab).',
  query: invitationsQuerySchema,
  responses: { 200: collectionResponse(InvitationSchema, 'InvitationCollection') },
  errors: [422],
});
documentRoute({
  method: 'post',
  path: '/api/invitations',
  operationId: 'createInvitations',
  summary: 'Invite people to control machines',
  description:
    '`emails` is one string, addresses separated by commas; each is checked (invalid, repeated ' +
    "or the caller's own address: 422 on `emails`). At least one machine; only machines the " +
    'caller owns (else 422 `invitation_machine_not_owned`). One invitation per e-mail; a live ' +
    'invitation of the caller to the same e-mail gets the machines added. Each invitee gets a ' +
    "mail in their language (the caller's when they have no account yet). At most " +
    '`INVITATION_RATE_LIMIT` (20) accepted requests per user per hour (429 `too_many_requests`).',
  body: createInvitationSchema(),
  responses: {
    201: {
      description: 'The invitations, one per e-mail',
      schema: z
        .object({
          '@type': z.literal('InvitationsSent'),
          'hydra:member': z.array(InvitationSchema),
        })
        .openapi('InvitationsSent'),
    },
  },
  errors: [422, 429],
});
documentRoute({
  method: 'get',
  path: '/api/invitations/{id}',
  operationId: 'getInvitation',
  summary: 'One invitation, to its sender or its recipient',
  description: 'While waiting or accepted; 404 to anybody else and once it has ended.',
  responses: { 200: { description: 'The invitation', schema: InvitationSchema } },
  errors: [404],
});
documentRoute({
  method: 'patch',
  path: '/api/invitations/{id}',
  operationId: 'updateInvitation',
  summary: 'Change the machines of an invitation (sender)',
  description:
    'While waiting or accepted. Machines taken out of an accepted share stop being reachable at ' +
    'once, open sockets included. The recipient gets 403.',
  body: updateInvitationSchema,
  responses: { 200: { description: 'The invitation', schema: InvitationSchema } },
  errors: [403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/invitations/{id}/accept',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation (recipient)',
  description: 'Only while waiting for approval; otherwise 409 `invitation_closed`.',
  responses: { 200: { description: 'The invitation', schema: InvitationSchema } },
  errors: [403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/invitations/{id}/refuse',
  operationId: 'refuseInvitation',
  summary: 'Refuse an invitation (recipient)',
  description: 'Only while waiting for approval; otherwise 409 `invitation_closed`.',
  responses: { 204: 'Refused' },
  errors: [403, 404, 409],
});
documentRoute({
  method: 'delete',
  path: '/api/invitations/{id}',
  operationId: 'withdrawInvitation',
  summary: 'Withdraw, revoke or leave',
  description:
    'The sender withdraws a waiting invitation or revokes an accepted share; the recipient ' +
    'refuses a waiting one or leaves an accepted share. Access ends at once: the recipient’s ' +
    'sockets leave the machines’ rooms and receive `access:revoked`.',
  responses: { 204: 'Ended' },
  errors: [404],
});
