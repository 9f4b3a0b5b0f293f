import { z } from 'zod';
import { ULID_PATTERN } from './ids.ts';
import { pageParam } from './pagination.ts';

/**
 * Invitations to share machines (decisions.md section 4): one per invited e-mail, carrying the
 * selected purifiers and sensors. Only live invitations (waiting or accepted) are listed.
 */

/** What a list or an item shows: waiting for an account, waiting for an answer, accepted. */
export const INVITATION_STATES = ['waiting_for_user', 'waiting_for_approval', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** GET /api/invitations?direction=sent|received */
export const INVITATION_DIRECTIONS = ['sent', 'received'] as const;
export type InvitationDirection = (typeof INVITATION_DIRECTIONS)[number];

/** At most this many e-mails in one sending. */
export const INVITATION_EMAILS_MAX = 20;
/** At most this many machines of each kind in one invitation. */
export const INVITATION_MACHINES_MAX = 200;

/**
 * How a user reaches a machine: as its `owner`, through an accepted invitation (`invited`: view
 * and control, never delete, unlink or re-invite), or as an `admin`.
 */
export const MACHINE_ACCESSES = ['owner', 'invited', 'admin'] as const;
export type MachineAccess = (typeof MACHINE_ACCESSES)[number];

// The same check as zod's z.email(), applied to each address of the comma-separated list.
const EMAIL = z.email();

/** The addresses of a comma-separated list (also `;`, spaces and new lines), trimmed, lower-case. */
export function splitEmails(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
}

const machineIds = (path: 'purifiers' | 'sensors') =>
  z
    .array(
      z
        .string({ error: 'validation.invalid' })
        .regex(ULID_PATTERN, { error: 'validation.invalid' }),
      {
        error: 'validation.invalid',
      },
    )
    .max(INVITATION_MACHINES_MAX, { error: 'validation.invalid' })
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toUpperCase()))])
    .describe(`ULIDs of the ${path} to share (owned by the sender)`);

/**
 * The e-mails field: one string, addresses separated by commas, each checked; a duplicate, or
 * the sender's own address (`ownEmail`), is refused by name. The messages are `form.emails.*`
 * catalogue keys with `{{email}}` filled from the issue's params.
 */
export function emailsField(ownEmail?: string) {
  const own = ownEmail?.trim().toLowerCase();
  return z
    .string({ error: 'form.emails.required' })
    .superRefine((value, ctx) => {
      const emails = splitEmails(value);
      if (emails.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'form.emails.required' });
        return;
      }
      if (emails.length > INVITATION_EMAILS_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: 'form.emails.too_many',
          params: { max: INVITATION_EMAILS_MAX },
        });
        return;
      }
      const seen = new Set<string>();
      for (const email of emails) {
        if (!EMAIL.safeParse(email).success || email.length > 180)
          ctx.addIssue({ code: 'custom', message: 'form.emails.invalid', params: { email } });
        else if (seen.has(email))
          ctx.addIssue({ code: 'custom', message: 'form.emails.duplicate', params: { email } });
        else if (own && email === own)
          ctx.addIssue({ code: 'custom', message: 'form.emails.self', params: { email } });
        seen.add(email);
      }
    })
    .transform(splitEmails);
}

/** At least one machine in a sending or an update (issue on `purifiers`). */
function atLeastOneMachine(
  value: { purifiers: string[]; sensors: string[] },
  ctx: z.RefinementCtx,
) {
  if (value.purifiers.length + value.sensors.length === 0)
    ctx.addIssue({ code: 'custom', path: ['purifiers'], message: 'form.machines.required' });
}

/** POST /api/invitations: `emails` comma-separated, the purifiers and sensors to share. */
export function createInvitationSchema(ownEmail?: string) {
  return z
    .strictObject({
      emails: emailsField(ownEmail),
      purifiers: machineIds('purifiers'),
      sensors: machineIds('sensors'),
    })
    .superRefine(atLeastOneMachine);
}
export type CreateInvitationInput = z.infer<ReturnType<typeof createInvitationSchema>>;

/** PATCH /api/invitations/{id} (sender): the new set of shared machines. */
export const updateInvitationSchema = z
  .strictObject({
    purifiers: machineIds('purifiers'),
    sensors: machineIds('sensors'),
  })
  .superRefine(atLeastOneMachine);
export type UpdateInvitationInput = z.infer<typeof updateInvitationSchema>;

/** GET /api/invitations query; `purifier` / `sensor` narrow the sent list to one machine. */
export const invitationsQuerySchema = z.object({
  direction: z.enum(INVITATION_DIRECTIONS, { error: 'validation.invalid_choice' }).default('sent'),
  purifier: z.string().regex(ULID_PATTERN, { error: 'validation.invalid' }).optional(),
  sensor: z.string().regex(ULID_PATTERN, { error: 'validation.invalid' }).optional(),
  page: pageParam(),
});
export type InvitationsQuery = z.infer<typeof invitationsQuerySchema>;

/** A machine named in an invitation. */
export interface InvitationMachine {
  '@id': string;
  ulid: string;
  name: string;
  serial_number: string;
}

/** A person in an invitation (sender or recipient once known). */
export interface InvitationPerson {
  '@id': string;
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** One invitation as the API answers it. */
export interface Invitation {
  '@id': string;
  '@type': 'Invitation';
  /** The invitation's ULID. */
  ulid: string;
  /** `sent` when the caller sent it, `received` otherwise. */
  direction: InvitationDirection;
  /** The invited e-mail. */
  email: string;
  state: InvitationState;
  sender: InvitationPerson;
  /** The recipient's account, null while waiting for the person to register. */
  recipient: InvitationPerson | null;
  purifiers: InvitationMachine[];
  sensors: InvitationMachine[];
  created_at: string;
  updated_at: string;
  /** When the recipient accepted, null before. */
  accepted_at: string | null;
}

/** What POST /api/invitations answers: the invitations created or updated, one per e-mail. */
export interface InvitationsSent {
  '@type': 'InvitationsSent';
  'hydra:member': Invitation[];
}

/**
 * An invitation the user sent or received was changed by the other side (answered, left,
 * withdrawn, its machines changed, sent again): the lists showing it are out of date.
 */
export interface InvitationChangedEvent {
  id: string;
}

/** A user's access to machines ended (revoked, left, removed from an invitation). */
export interface AccessRevokedEvent {
  purifiers: string[];
  sensors: string[];
}
