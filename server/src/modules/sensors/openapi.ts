import { z } from 'zod';
import { WIFI_STATES } from '@aircloud/shared/purifiers';
import {
  GRAPH_MEASURES,
  MAX_POINTS_PER_SERIES,
  SENSOR_MEASURES,
  createSensorSchema,
  exportQuerySchema,
  measuresQuerySchema,
  patchSensorSchema,
  sensorPurifiersSchema,
  sensorsQuerySchema,
} from '@aircloud/shared/sensors';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';
import { EXPORT_CONTENT_TYPES } from './export.ts';

const SampleSchema = z
  .object({
    ts: dateTime(),
    ...Object.fromEntries(SENSOR_MEASURES.map((m) => [m, z.number().optional()])),
    iso: z.number().int().nullable().optional(),
  })
  .openapi('SensorSample');

const SensorSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Sensor'),
    ulid: z.string(),
    serial_number: z.string(),
    name: z.string(),
    short_name: z.string(),
    is_public: z.boolean(),
    system_date: z.string().nullable().openapi({ format: 'date' }),
    owner: z
      .object({
        '@id': z.string(),
        ulid: z.string(),
        firstname: z.string(),
        lastname: z.string(),
        email: z.string(),
      })
      .nullable(),
    wifi_state: z.enum(WIFI_STATES),
    last_seen_at: dateTime().nullable(),
    reporting_interval_s: z.number().int(),
    purifiers: z.array(
      z.object({
        '@id': z.string(),
        ulid: z.string(),
        name: z.string(),
        serial_number: z.string(),
      }),
    ),
    last_sample: SampleSchema.nullable(),
    created_at: dateTime(),
  })
  .openapi('Sensor');

const ProvisionedSensorSchema = SensorSchema.extend({
  device_secret: z.string().openapi({ description: 'Shown once; stored as SHA-256' }),
  mqtt_url: z
    .string()
    .nullable()
    .openapi({ description: 'The MQTT broker the sensor may publish to (null: HTTP only)' }),
}).openapi('ProvisionedSensor');

const SeriesSchema = z
  .object({
    t: z.array(z.number()).openapi({ description: 'Epoch seconds (UTC), ascending' }),
    v: z.array(z.number().nullable()).openapi({ description: 'Value, or bucket average' }),
    min: z.array(z.number().nullable()).optional(),
    max: z.array(z.number().nullable()).optional(),
  })
  .openapi('MeasureSeries');

const SensorMeasuresSchema = z
  .object({
    sensor: z.string(),
    from: dateTime(),
    to: dateTime(),
    resolution: z.enum(['raw', 'rollup']),
    bucket_seconds: z.number().int().nullable(),
    series: z.record(z.enum(GRAPH_MEASURES), SeriesSchema),
  })
  .openapi('SensorMeasures');

const PublicSensorSchema = z
  .object({
    ulid: z.string(),
    name: z.string(),
    short_name: z.string(),
    wifi_state: z.enum(WIFI_STATES),
    last_seen_at: dateTime().nullable(),
    last_sample: SampleSchema.nullable(),
  })
  .openapi('PublicSensor');

const documentRoute = routeDocumenter({ tags: ['sensors'], access: 'user' });
const measuresDescription =
  `Range [from, to). The server picks the resolution so that no series holds more than ` +
  `${MAX_POINTS_PER_SERIES} points: raw samples when the range holds at most that many, else ` +
  'the hourly roll-up (average with min/max; `iso` = highest class), in buckets of k hours ' +
  'when the range spans more than 2,000 hours. A range starting before the raw retention ' +
  'boundary (RETENTION_RAW_MONTHS) reads the hourly roll-up whatever its length. Columnar ' +
  'series, `t` in epoch seconds.';

documentRoute({
  method: 'get',
  path: '/api/sensors',
  operationId: 'listSensors',
  summary: 'Sensors the caller may see',
  description:
    'Owners see theirs, technicians and admins all. 20 per page, by name; `search` matches ' +
    "name, short name or serial number. Admins add `user=<ulid>` to list another user's " +
    'sensors (others: 403). Each item carries its last sample and linked purifiers.',
  query: sensorsQuerySchema,
  responses: { 200: collectionResponse(SensorSchema, 'SensorCollection') },
  errors: [403, 422],
});
documentRoute({
  method: 'post',
  path: '/api/sensors',
  operationId: 'createSensor',
  summary: 'Provision a sensor',
  description:
    'For the account of `owner_email` (422 `sensor_owner_not_found` when there is none); a ' +
    'serial number already provisioned answers 422 `sensor_serial_number_already_exists`. The device ' +
    'secret is answered once.',
  access: 'technician',
  body: createSensorSchema,
  responses: { 201: { description: 'The sensor and its secret', schema: ProvisionedSensorSchema } },
});
documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}',
  operationId: 'getSensor',
  summary: 'One sensor',
  description: 'Its owner, technicians and admins; anyone else gets 404.',
  responses: { 200: { description: 'The sensor', schema: SensorSchema } },
  errors: [404],
});
documentRoute({
  method: 'patch',
  path: '/api/sensors/{ulid}',
  operationId: 'updateSensor',
  summary: 'Configure a sensor (merge-patch)',
  description:
    'name, short_name (max 20), is_public, system_date. Turning is_public off closes the public ' +
    'page and its live stream at once.',
  body: patchSensorSchema,
  responses: { 200: { description: 'The sensor', schema: SensorSchema } },
  errors: [403, 404],
});
documentRoute({
  method: 'delete',
  path: '/api/sensors/{ulid}',
  operationId: 'deleteSensor',
  summary: 'Delete a sensor with its history',
  responses: { 204: 'Deleted' },
  errors: [403, 404],
});
documentRoute({
  method: 'put',
  path: '/api/sensors/{ulid}/purifiers',
  operationId: 'setSensorPurifiers',
  summary: 'Replace the purifiers linked to a sensor',
  description:
    'At most 8 (422 `sensor_purifiers_max`), each one the caller may control (422 ' +
    '`sensor_purifier_not_allowed`).',
  body: sensorPurifiersSchema,
  responses: { 200: { description: 'The sensor', schema: SensorSchema } },
  errors: [403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}/measures',
  operationId: 'getSensorMeasures',
  summary: 'Graph data of a sensor',
  description: measuresDescription,
  query: measuresQuerySchema,
  responses: { 200: { description: 'The series', schema: SensorMeasuresSchema } },
  errors: [404, 422],
});
documentRoute({
  method: 'delete',
  path: '/api/sensors/{ulid}/measures',
  operationId: 'deleteSensorMeasures',
  summary: 'Delete the history of a sensor',
  description: 'Every sample and hourly roll-up of the sensor.',
  responses: { 204: 'Deleted' },
  errors: [403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}/export',
  operationId: 'exportSensorMeasures',
  summary: 'Export samples as CSV or as an Excel workbook',
  description:
    'Range [from, to), at most one calendar month (Europe/Paris; longer: 422 ' +
    '`export_period_too_long`); a `from` before the raw retention boundary (raw samples no ' +
    'longer kept) answers 422 `export_period_expired`. `format=csv` (default): a streamed ' +
    '`text/csv` attachment, `timestamp` (ISO 8601 UTC) first, `date` (DD/MM/YYYY HH:mm:ss, ' +
    'Europe/Paris), then one column per measure with its unit. `format=xlsx`: a streamed ' +
    'workbook with the UTC instant and the Paris date as date cells, then one numeric column ' +
    'per measure with its unit, the header frozen. See docs/api-sensors.md.',
  query: exportQuerySchema,
  responses: {
    200: {
      description: 'The CSV file or the workbook',
      content: {
        'text/csv': { schema: z.string() },
        [EXPORT_CONTENT_TYPES.xlsx]: { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
  },
  errors: [404, 422],
});
documentRoute({
  method: 'get',
  path: '/public/sensors/{ulid}',
  operationId: 'getPublicSensor',
  summary: 'A public sensor',
  description: 'Only while the sensor is public; otherwise 404 `not_found`, as for an unknown one.',
  access: 'public',
  responses: { 200: { description: 'The sensor', schema: PublicSensorSchema } },
  errors: [404],
});
documentRoute({
  method: 'get',
  path: '/public/sensors/{ulid}/measures',
  operationId: 'getPublicSensorMeasures',
  summary: 'Graph data of a public sensor',
  description: `${measuresDescription} Only while the sensor is public (else 404).`,
  access: 'public',
  query: measuresQuerySchema,
  responses: { 200: { description: 'The series', schema: SensorMeasuresSchema } },
  errors: [404, 422],
});
