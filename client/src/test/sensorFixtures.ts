import type { Sensor, SensorImport, SensorMeasures } from '@aircloud/shared/sensors';
import { makeMe } from './fixtures.ts';

export const SENSOR_ULID = '01JSENSOR00000000000000000';

/** A sensor as GET /api/sensors/{ulid} answers it, owned by makeMe()'s user. */
export function makeSensor(overrides: Partial<Sensor> = {}): Sensor {
  const me = makeMe();
  return {
    '@id': `/api/sensors/${SENSOR_ULID}`,
    '@type': 'Sensor',
    ulid: SENSOR_ULID,
    serial_number: 'AQS-000042',
    name: 'Meeting room',
    short_name: 'Meeting',
    is_public: false,
    system_date: '2026-01-10',
    owner: {
      '@id': me['@id'],
      ulid: me.ulid,
      firstname: me.firstname,
      lastname: me.lastname,
      email: me.email,
    },
    wifi_state: 'connected',
    last_seen_at: '2026-11-21T13:59:00Z',
    reporting_interval_s: 60,
    purifiers: [],
    last_sample: {
      ts: '2026-11-21T13:59:00Z',
      co2: 612,
      pm25: 7.5,
      temperature: 21.4,
      humidity: 43,
    },
    created_at: '2026-01-10T08:00:00Z',
    ...overrides,
  };
}

/** A sensor import as the API answers it. */
export function makeImport(overrides: Partial<SensorImport> = {}): SensorImport {
  return {
    '@id': '/api/sensor_imports/01JIMPORT0000000000000000',
    '@type': 'SensorImport',
    id: '01JIMPORT0000000000000000',
    sensor: SENSOR_ULID,
    file_name: 'history.csv',
    size: 1000,
    state: 'running',
    bytes_read: 250,
    rows_read: 10,
    rows_stored: 9,
    rows_duplicate: 0,
    rows_rejected: 1,
    rejections: [],
    created_at: '2026-11-21T14:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** A graph answer of raw samples for `measures`, at the given instants. */
export function makeMeasures(overrides: Partial<SensorMeasures> = {}): SensorMeasures {
  return {
    sensor: SENSOR_ULID,
    from: '2026-11-21T13:00:00.000Z',
    to: '2026-11-21T14:00:00.000Z',
    resolution: 'raw',
    bucket_seconds: null,
    series: {
      co2: { t: [1795784400, 1795784460], v: [600, 610] },
      pm25: { t: [1795784400, 1795784460], v: [7, 8] },
      temperature: { t: [1795784400, 1795784460], v: [21, 21.2] },
    },
    ...overrides,
  };
}

/** A hydra collection page of `members`. */
export function page<T>(members: T[], total = members.length) {
  return {
    '@context': '/api/contexts/Sensor',
    '@id': '/api/sensors',
    '@type': 'hydra:Collection' as const,
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}
