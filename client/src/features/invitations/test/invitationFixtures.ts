import type { Invitation } from '@aircloud/shared/invitations';
import type { HydraCollection } from '@aircloud/shared/jsonld';

export const ME_ULID = '01JTESTUSER0000000000000000';
export const PURIFIER = '01JPURIFIER000000000000000';
export const SENSOR = '01JSENSOR00000000000000000';

const person = (ulid: string, firstname: string, email: string) => ({
  '@id': `/api/users/${ulid}`,
  ulid,
  firstname,
  lastname: 'Doe',
  email,
});

/** An invitation as the API answers it (sent by the test user unless told otherwise). */
export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  const ulid = overrides.ulid ?? '01JINVITE0000000000000000A';
  return {
    '@id': `/api/invitations/${ulid}`,
    '@type': 'Invitation',
    ulid,
    direction: 'sent',
    email: 'bob@example.test',
    state: 'waiting_for_approval',
    sender: person(ME_ULID, 'Jeanne', 'jeanne.martin@example.test'),
    recipient: person('01JBOB0000000000000000000B', 'Bob', 'bob@example.test'),
    purifiers: [
      {
        '@id': `/api/purifiers/${PURIFIER}`,
        ulid: PURIFIER,
        name: 'Living room',
        serial_number: 'HEPA_BULLE_WHITE-000001',
      },
    ],
    sensors: [
      { '@id': `/api/sensors/${SENSOR}`, ulid: SENSOR, name: 'Office air', serial_number: 'SN-1' },
    ],
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    accepted_at: null,
    ...overrides,
  };
}

/** A hydra collection of `members`. */
export function hydra<T>(members: T[], total = members.length): HydraCollection<T> {
  return {
    '@context': '/api/contexts/X',
    '@id': '/api/x',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}
