import type { PurifierLive } from '@aircloud/shared/realtime';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { Purifier } from '@aircloud/shared/purifiers';
import { makeMe } from './fixtures.ts';

export const PURIFIER_ULID = '01JPURIFIER000000000000000';

/** A purifier as GET /api/purifiers/{ulid} answers it, owned by makeMe()'s user. */
export function makePurifier(overrides: Partial<Purifier> = {}): Purifier {
  const purifier = {
    '@id': `/api/purifiers/${PURIFIER_ULID}`,
    '@type': 'Purifier',
    ulid: PURIFIER_ULID,
    name: 'Living room',
    short_name: '',
    serial_number: 'HEPA_COCOON-000042',
    model: 'HEPA_COCOON',
    owner: makeMe()['@id'],
    product_key: '/api/product_keys/01JKEY',
    system_date: '2026-01-10',
    hourly_recycling_rate: 5,
    silent_hourly_recycling_rate: 5,
    piece_volume: 40,
    count_piece_connected_object: 1,
    is_public: false,
    timezone: 'Europe/Paris',
    mode: 'auto',
    reported_mode: null,
    schedule: null,
    state: 'operational',
    wifi_state: 'not_configured',
    last_seen_at: null,
    reporting_interval_s: 60,
    maintenance_levels: {
      prefilter: 100,
      filters: 80,
      module_1: 100,
      module_2: 45,
      module_3: 10,
      module_4: 100,
    },
    ip_address: null,
    mac_address: null,
    soft_version: null,
    ssid: null,
    mqtt_url: null,
    desired: {
      mode: 'auto',
      trh: 5,
      silent_trh: 5,
      schedule: null,
      version: 1,
      updated_at: '2026-01-10T08:00:00Z',
      source: 'user',
    },
    reported: null,
    desired_ack_version: null,
    pending: false,
    created_at: '2026-01-10T08:00:00Z',
    updated_at: '2026-01-10T08:00:00Z',
  };
  // Cast: the device-connection fields may or may not be in this checkout's Purifier type yet.
  return { ...purifier, ...overrides } as Purifier;
}

/** A hydra collection page of `members`. */
export function hydra<T>(members: T[], total = members.length): HydraCollection<T> {
  return {
    '@context': '/api/contexts/Purifier',
    '@id': '/api/purifiers',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}

/** The live form of a purifier, as the server pushes it on `purifier:updated`. */
export function liveOf(purifier: Purifier): PurifierLive {
  return {
    ulid: purifier.ulid,
    state: purifier.state,
    wifi_state: purifier.wifi_state,
    mode: purifier.mode,
    reported_mode: purifier.reported_mode,
    pending: purifier.pending,
    desired: purifier.desired,
    maintenance_levels: purifier.maintenance_levels,
    last_seen_at: purifier.last_seen_at,
  };
}
