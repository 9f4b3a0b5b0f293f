import { z } from 'zod';
import { sensorSampleSchema, purifierReportSchema } from '@aircloud/shared/devices';
import { SECURITY, documentRoute } from '../openapi/registry.ts';

const tags = ['Devices'];

documentRoute({
  method: 'post',
  path: '/device/v1/telemetry',
  operationId: 'postDeviceTelemetry',
  summary: 'Telemetry of a purifier or a sensor (docs/api-devices.md)',
  description:
    'Device authentication: `Authorization: Basic base64(serial:secret)` or `X-Device-Serial` + ' +
    "`X-Device-Secret` (a purifier's secret is the one it received for its product key: " +
    'POST /device/v1/credentials). Body: one sample or ' +
    '`{samples: [...]}` (at most 500). Stored once (retries count as duplicates) and committed ' +
    'before the answer. Wrong or unknown credentials: 401 `device_unauthorized`.',
  tags,
  access: 'public',
  security: SECURITY.device,
  body: z.union([
    sensorSampleSchema,
    purifierReportSchema,
    z.object({ samples: z.array(z.union([sensorSampleSchema, purifierReportSchema])) }),
  ]),
  responses: {
    200: {
      description:
        '`{accepted, duplicates, desired?, credentials?}`: desired when not yet acknowledged; ' +
        'credentials while a rotation of the device secret (change of owner) waits for it',
      schema: z.object({
        accepted: z.number().int(),
        duplicates: z.number().int(),
        desired: z.record(z.string(), z.unknown()).optional(),
        credentials: z.object({ device_secret: z.string() }).optional(),
      }),
    },
  },
  errors: [400, 401, 413, 503],
});

documentRoute({
  method: 'post',
  path: '/device/v1/credentials',
  operationId: 'exchangeDeviceCredentials',
  summary: "Exchange a purifier's product key for its device secret (once)",
  description:
    '`Authorization: Basic base64(serial:product key)` (dashes and case of the key ignored). ' +
    'The product key only claims the purifier: once a user has activated it, its device ' +
    'exchanges the key ONCE for a secret of its own, shown in this answer only (`no-store`, ' +
    'stored hashed); from then on only that secret authenticates the device, and it is ' +
    'rotated at every change of owner. A purifier nobody claimed, a wrong key, a blocked key ' +
    'or a second exchange: 401 `device_unauthorized`.',
  tags,
  access: 'public',
  security: SECURITY.productKey,
  responses: {
    201: {
      description: 'The device secret, and the MQTT broker to use it with (null: HTTP only)',
      schema: z.object({ device_secret: z.string(), mqtt_url: z.string().nullable() }),
    },
  },
  errors: [401, 503],
});
