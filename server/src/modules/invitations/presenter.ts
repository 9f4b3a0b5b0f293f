import type {
  Invitation,
  InvitationMachine,
  InvitationPerson,
  InvitationState,
} from '@aircloud/shared/invitations';
import { iri } from '@aircloud/core/jsonld';
import type {
  InvitationDetail,
  MachineRef,
  PersonRef,
} from '@aircloud/core/invitations/repository';

function person(ref: PersonRef): InvitationPerson {
  return {
    '@id': iri('users', ref.id),
    ulid: ref.id,
    firstname: ref.firstname,
    lastname: ref.lastname,
    email: ref.email,
  };
}

function machine(collection: 'purifiers' | 'sensors', ref: MachineRef): InvitationMachine {
  return {
    '@id': iri(collection, ref.id),
    ulid: ref.id,
    name: ref.name,
    serial_number: ref.serial_number,
  };
}

/** The state shown for a live invitation: accepted, or waiting for the account or the answer. */
export function invitationState(
  row: Pick<InvitationDetail, 'status' | 'recipientId'>,
): InvitationState {
  if (row.status === 'accepted') return 'accepted';
  return row.recipientId ? 'waiting_for_approval' : 'waiting_for_user';
}

/** One invitation as `viewerId` sees it (sent by them, or received). */
export function invitationPresenter(row: InvitationDetail, viewerId: string): Invitation {
  return {
    '@id': iri('invitations', row.id),
    '@type': 'Invitation',
    ulid: row.id,
    direction: row.senderId === viewerId ? 'sent' : 'received',
    email: row.email,
    state: invitationState(row),
    sender: person(row.sender),
    recipient: row.recipient ? person(row.recipient) : null,
    purifiers: row.purifiers.map((p) => machine('purifiers', p)),
    sensors: row.sensors.map((s) => machine('sensors', s)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    accepted_at:
      row.status === 'accepted' && row.respondedAt ? row.respondedAt.toISOString() : null,
  };
}
