/**
 * Request and response examples of the main resources, by operationId (captured from the real
 * API). documentRoute puts them on the media types; Redocly lint checks them against the schemas
 * (no-invalid-media-type-examples), so an example cannot drift from its schema. One resource
 * appears once; the answers that show it again say only how they differ.
 */

/** A purifier as activation answers it (no sensor linked yet). */
const PURIFIER = {
  '@id': '/api/purifiers/01M8D36C1V49WD40RRXTA5NFS3',
  '@type': 'Purifier',
  ulid: '01M8D36C1V49WD40RRXTA5NFS3',
  name: 'HEPA_BULLE_WHITE-000001',
  short_name: '',
  serial_number: 'HEPA_BULLE_WHITE-000001',
  model: 'HEPA_BULLE_WHITE',
  owner: '/api/users/01M8D36BYAGEYVNRS81TQMT3ZB',
  product_key: '/api/product_keys/01M8D36C0JGBFGRMWQQQJNZ0D1',
  system_date: '2026-11-27',
  hourly_recycling_rate: 5,
  silent_hourly_recycling_rate: 5,
  piece_volume: null,
  count_piece_connected_object: 1,
  occupants: null,
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
    filters: 100,
    module_1: 100,
    module_2: 100,
    module_3: 100,
    module_4: 100,
    prefilter: 100,
  },
  ip_address: null,
  mac_address: null,
  soft_version: null,
  ssid: null,
  mqtt_url: 'mqtt://aircloud.example.com:1883',
  desired: {
    trh: 5,
    mode: 'auto',
    source: 'user',
    version: 1,
    schedule: null,
    silent_trh: 5,
    updated_at: '2026-11-26T23:31:32.027Z',
  },
  reported: null,
  desired_ack_version: null,
  pending: true,
  created_at: '2026-11-26T23:31:32.025Z',
  updated_at: '2026-11-26T23:31:32.025Z',
};

/** A sensor as lists show it (creation adds its device secret, shown once). */
const SENSOR = {
  '@id': '/api/sensors/01M8D36C7JRY9FF0QQWPFSGC41',
  '@type': 'Sensor',
  ulid: '01M8D36C7JRY9FF0QQWPFSGC41',
  serial_number: 'AQS-000042',
  name: 'Meeting room',
  short_name: '',
  is_public: false,
  system_date: '2026-11-27',
  owner: {
    '@id': '/api/users/01M8D36BYAGEYVNRS81TQMT3ZB',
    ulid: '01M8D36BYAGEYVNRS81TQMT3ZB',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
  },
  wifi_state: 'not_configured',
  last_seen_at: null,
  reporting_interval_s: 60,
  purifiers: [],
  last_sample: null,
  created_at: '2026-11-26T23:31:32.211Z',
};

/** An alert rule of a sensor. */
const ALERT_RULE = {
  '@id': '/api/alert_rules/01M8D36C9E39W1KFFMTJ6NH5K6',
  '@type': 'AlertRule',
  id: '01M8D36C9E39W1KFFMTJ6NH5K6',
  sensor: '/api/sensors/01M8D36C7JRY9FF0QQWPFSGC41',
  measure: 'co2',
  unit: 'ppm',
  threshold: 1000,
  hysteresis: 50,
  mode: 'auto',
  confirm_s: 60,
  enabled: true,
  triggered: false,
  triggered_changed_at: null,
  not_driving: [],
  deletable: true,
  created_at: '2026-11-26T23:31:32.269Z',
  updated_at: '2026-11-26T23:31:32.269Z',
};

/** A user as administrators read it. */
const USER = {
  '@id': '/api/users/01M8D36BYAGEYVNRS81TQMT3ZB',
  '@type': 'User',
  ulid: '01M8D36BYAGEYVNRS81TQMT3ZB',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  lang: 'fr',
  theme: 'system',
  avatar: null,
  role: 'ROLE_USER',
  company: 'Analytical',
  phone: '',
  enabled: true,
  created_at: '2026-11-26T23:31:31.934Z',
  updated_at: '2026-11-26T23:31:31.934Z',
};

export const EXAMPLES: Record<
  string,
  { request?: unknown; response?: { status: number; body: unknown } }
> = {
  activatePurifier: {
    response: {
      status: 201,
      body: PURIFIER,
    },
    request: {
      key: 'U7X5-DXMV-UHZ7-WCF8',
    },
  },
  getPurifier: {
    response: {
      status: 200,
      body: {
        ...PURIFIER,
        ...{
          access: 'owner',
          linked_sensors: [],
        },
      },
    },
  },
  listPurifiers: {
    response: {
      status: 200,
      body: {
        '@context': '/api/contexts/Purifier',
        '@id': '/api/purifiers',
        '@type': 'hydra:Collection',
        'hydra:member': [
          {
            ...PURIFIER,
            ...{
              access: 'owner',
            },
          },
        ],
        'hydra:totalItems': 1,
        'hydra:view': {
          '@id': '/api/purifiers?page=1',
          '@type': 'hydra:PartialCollectionView',
          'hydra:first': '/api/purifiers?page=1',
          'hydra:last': '/api/purifiers?page=1',
        },
      },
    },
  },
  createSensor: {
    response: {
      status: 201,
      body: {
        ...SENSOR,
        ...{
          device_secret: 'wh8X8C_PxUBfKUVJXnaJyPgZWQWAkxOGViUGCLt0MGI',
          mqtt_url: 'mqtt://aircloud.example.com:1883',
        },
      },
    },
    request: {
      serial_number: 'AQS-000042',
      owner_email: 'ada@example.com',
      name: 'Meeting room',
    },
  },
  listSensors: {
    response: {
      status: 200,
      body: {
        '@context': '/api/contexts/Sensor',
        '@id': '/api/sensors',
        '@type': 'hydra:Collection',
        'hydra:member': [SENSOR],
        'hydra:totalItems': 1,
        'hydra:view': {
          '@id': '/api/sensors?page=1',
          '@type': 'hydra:PartialCollectionView',
          'hydra:first': '/api/sensors?page=1',
          'hydra:last': '/api/sensors?page=1',
        },
      },
    },
  },
  createSensorAlertRule: {
    response: {
      status: 201,
      body: ALERT_RULE,
    },
    request: {
      measure: 'co2',
      threshold: 1000,
      mode: 'auto',
    },
  },
  listSensorAlertRules: {
    response: {
      status: 200,
      body: {
        '@context': '/api/contexts/AlertRule',
        '@id': '/api/sensors/01M8D36C7JRY9FF0QQWPFSGC41/alert_rules',
        '@type': 'hydra:Collection',
        'hydra:member': [ALERT_RULE],
        'hydra:totalItems': 1,
      },
    },
  },
  listProductKeys: {
    response: {
      status: 200,
      body: {
        '@context': '/api/contexts/ProductKey',
        '@id': '/api/product_keys',
        '@type': 'hydra:Collection',
        'hydra:member': [
          {
            '@id': '/api/product_keys/01M8D36C0JGBFGRMWQQQJNZ0D1',
            '@type': 'ProductKey',
            ulid: '01M8D36C0JGBFGRMWQQQJNZ0D1',
            key: 'U7X5-DXMV-UHZ7-WCF8',
            serial_number: 'HEPA_BULLE_WHITE-000001',
            model: 'HEPA_BULLE_WHITE',
            state: 'activated',
            user: {
              '@id': '/api/users/01M8D36BYAGEYVNRS81TQMT3ZB',
              ulid: '01M8D36BYAGEYVNRS81TQMT3ZB',
              email: 'ada@example.com',
              firstname: 'Ada',
              lastname: 'Lovelace',
            },
            purifier: '/api/purifiers/01M8D36C1V49WD40RRXTA5NFS3',
            created_at: '2026-11-26T23:31:31.985Z',
            updated_at: '2026-11-26T23:31:32.044Z',
            exported_at: '2026-11-26T23:31:32.010Z',
            activated_at: '2026-11-26T23:31:32.025Z',
          },
        ],
        'hydra:totalItems': 1,
        'hydra:view': {
          '@id': '/api/product_keys?page=1',
          '@type': 'hydra:PartialCollectionView',
          'hydra:first': '/api/product_keys?page=1',
          'hydra:last': '/api/product_keys?page=1',
        },
      },
    },
  },
  generateProductKeys: {
    response: {
      status: 201,
      body: {
        '@type': 'ProductKeyBatch',
        model: 'HEPA_DOME_WHITE',
        count: 2,
        first_serial_number: 'HEPA_DOME_WHITE-000500',
        last_serial_number: 'HEPA_DOME_WHITE-000501',
      },
    },
    request: {
      model: 'HEPA_DOME_WHITE',
      start_serial: 500,
      count: 2,
    },
  },
  listUsers: {
    response: {
      status: 200,
      body: {
        '@context': '/api/contexts/User',
        '@id': '/api/users',
        '@type': 'hydra:Collection',
        'hydra:member': [
          {
            ...USER,
            ...{
              '@id': '/api/users/01M8D36BKNSK9SXEYPV9EHX0N2',
              ulid: '01M8D36BKNSK9SXEYPV9EHX0N2',
              role: 'ROLE_ADMIN',
              created_at: '2026-11-26T23:31:31.652Z',
              updated_at: '2026-11-26T23:31:31.652Z',
            },
          },
        ],
        'hydra:totalItems': 1,
        'hydra:view': {
          '@id': '/api/users?page=1',
          '@type': 'hydra:PartialCollectionView',
          'hydra:first': '/api/users?page=1',
          'hydra:last': '/api/users?page=1',
        },
      },
    },
  },
  getUser: {
    response: {
      status: 200,
      body: USER,
    },
  },
  createUser: {
    response: {
      status: 201,
      body: {
        '@id': '/api/users/01M8D36CDWPC283YTF0BQZEA7C',
        '@type': 'User',
        ulid: '01M8D36CDWPC283YTF0BQZEA7C',
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        lang: 'en',
        theme: 'system',
        avatar: null,
        role: 'ROLE_TECHNICIAN',
        company: 'Navy',
        phone: '0612345678',
        enabled: false,
        created_at: '2026-11-26T23:31:32.411Z',
        updated_at: '2026-11-26T23:31:32.411Z',
      },
    },
    request: {
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      role: 'ROLE_TECHNICIAN',
      company: 'Navy',
      phone: '0612345678',
      lang: 'en',
    },
  },
  getMe: {
    response: {
      status: 200,
      body: {
        '@id': '/api/users/01M8D36BYAGEYVNRS81TQMT3ZB',
        '@type': 'User',
        ulid: '01M8D36BYAGEYVNRS81TQMT3ZB',
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        lang: 'fr',
        theme: 'system',
        avatar: null,
        role: 'ROLE_USER',
        company: 'Analytical',
        phone: '',
        invitations_received_count: 0,
        api_token: null,
        api_token_hint: null,
        api_token_validity: null,
      },
    },
  },
  updatePurifier: {
    request: {
      name: 'Open space',
      mode: 'boost',
    },
    response: {
      status: 200,
      body: {
        ...PURIFIER,
        ...{
          name: 'Open space',
          mode: 'boost',
          access: 'owner',
          linked_sensors: [],
        },
      },
    },
  },
  signIn: {
    request: {
      email: 'ada@example.com',
      password: 'Secret123',
    },
  },
};
