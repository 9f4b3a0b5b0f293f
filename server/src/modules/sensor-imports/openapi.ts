import { z } from 'zod';
import { IMPORT_VENDORS, SENSOR_IMPORT_STATES, SENSOR_MEASURES } from '@aircloud/shared/sensors';
import {
  collectionResponse,
  multipartFileBody,
  pageQuery,
  routeDocumenter,
} from '../../openapi/helpers.ts';

const SensorImportSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/sensor_imports/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('SensorImport'),
    id: z.string(),
    sensor: z.string().openapi({ example: '/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8V' }),
    file_name: z.string(),
    size: z.number().int().openapi({ description: 'Bytes' }),
    state: z.enum(SENSOR_IMPORT_STATES),
    bytes_read: z.number().int().openapi({ description: 'Bytes of the file processed so far' }),
    rows_read: z.number().int(),
    rows_stored: z.number().int(),
    rows_duplicate: z.number().int().openapi({
      description: 'Rows already stored for that sensor and time: skipped, not an error',
    }),
    rows_rejected: z.number().int(),
    rejections: z
      .array(
        z.object({
          line: z.number().int().openapi({ description: '1-based; the header is line 1' }),
          reason: z.string().openapi({ example: 'import.out_of_range' }),
          column: z.string().optional(),
        }),
      )
      .openapi({ description: 'The first 100 rejected lines' }),
    error: z.string().nullable().openapi({
      description: 'Catalogue key of why a failed import stopped',
      example: 'import.no_date_column',
    }),
    created_at: z.string().openapi({ format: 'date-time' }),
    finished_at: z.string().nullable().openapi({ format: 'date-time' }),
    vendor: z.enum(IMPORT_VENDORS).nullable().optional().openapi({
      description: 'The export recognised by its header (aircloud: our own); null before 2026-11',
    }),
    time_zone: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'The zone its times without an offset were read in' }),
    reverted_at: z
      .string()
      .nullable()
      .optional()
      .openapi({ format: 'date-time', description: 'When a completed import was undone' }),
  })
  .openapi('SensorImport');

/** `POST /api/sensors/{ulid}/imports?dry_run=1`: what the import would do (shared/src/sensors.ts). */
const SensorImportPreviewSchema = z
  .object({
    '@type': z.literal('SensorImportPreview'),
    file_name: z.string(),
    vendor: z.enum(IMPORT_VENDORS),
    time_zone: z.string().openapi({ example: 'Europe/Paris' }),
    time_zone_source: z.enum(['owner', 'file', 'utc']),
    columns: z.array(
      z.object({
        column: z.string(),
        measure: z.enum(SENSOR_MEASURES).nullable(),
        quantity: z.string().nullable(),
        unit: z.string().nullable(),
        conversion: z.string().nullable(),
        status: z.enum(['time', 'stored', 'ignored', 'refused']),
        reason: z.string().nullable(),
      }),
    ),
    rows: z.array(
      z
        .object({ line: z.number().int(), ts: z.string().openapi({ format: 'date-time' }) })
        .catchall(z.number()),
    ),
    rejections: z.array(
      z.object({ line: z.number().int(), reason: z.string(), column: z.string().optional() }),
    ),
    rows_read: z.number().int(),
  })
  .openapi('SensorImportPreview');

const documentRoute = routeDocumenter({ tags: ['sensors'], access: 'user' });

documentRoute({
  method: 'post',
  path: '/api/sensors/{ulid}/imports',
  operationId: 'createSensorImport',
  summary: 'Import sensor data from a CSV file',
  description:
    'multipart/form-data, field `file`: a `.csv` file of at most 30 MB (the export format, ' +
    'docs/api-sensors.md). Streamed to disk; the first byte over 30 MB answers 413 ' +
    '`import-size` at once. 422 `type_file_not_found` (no or empty file), `type_invalid_file` ' +
    '(not a .csv name and type, or a header without a date / timestamp column or without a known ' +
    'measure: the violation code says which). 409 `import_already_running` while another import ' +
    'of the sensor is pending or running. Answers 202 with the import (pending); the worker ' +
    'processes it, pushes `sensor-import:updated` to the room `sensor:<ulid>` and mails a report.',
  query: z.object({
    dry_run: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .openapi({ description: 'Answer a preview (200) and store nothing' }),
  }),
  requestBody: multipartFileBody,
  responses: {
    200: { description: 'The preview (dry_run)', schema: SensorImportPreviewSchema },
    202: { description: 'Accepted (Location header)', schema: SensorImportSchema },
  },
  errors: [400, 403, 404, 409, 413, 415, 422],
});

documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}/imports',
  operationId: 'listSensorImports',
  summary: "List a sensor's imports",
  description: 'Latest first, 20 per page.',
  query: pageQuery,
  responses: {
    200: collectionResponse(SensorImportSchema, 'SensorImportCollection', 'Hydra collection'),
  },
  errors: [404, 422],
});

documentRoute({
  method: 'get',
  path: '/api/sensor_imports/{id}',
  operationId: 'getSensorImport',
  summary: 'One sensor import',
  responses: { 200: { description: 'The import', schema: SensorImportSchema } },
  errors: [404],
});

documentRoute({
  method: 'delete',
  path: '/api/sensor_imports/{id}',
  operationId: 'cancelSensorImport',
  summary: 'Cancel a sensor import',
  description:
    'Stops a pending or running import and deletes every row it stored (the hourly roll-up of ' +
    'those hours is recomputed), in one transaction. Answers the import, state `cancelled`. ' +
    '409 `cancel-import` when it has already completed, failed or been cancelled.',
  responses: { 200: { description: 'Cancelled', schema: SensorImportSchema } },
  errors: [403, 404, 409],
});
