import { z } from 'zod';
import { FIRMWARE_VERSION_PATTERN } from '@aircloud/shared/firmware';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import { documentRoute } from '../../openapi/registry.ts';
import { UlidParam, hydraCollection } from '../../openapi/schemas.ts';

const FirmwareSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/firmwares/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Firmware'),
    ulid: z.string(),
    name: z.string(),
    version: z.string().openapi({
      example: '2.4.1',
      description: 'The version a purifier reports as its soft_version once installed',
    }),
    models: z
      .array(z.enum(PRODUCT_KEY_MODELS))
      .openapi({ description: 'The purifier models it fits', example: ['HEPA_DOME_WHITE'] }),
    file_name: z.string().openapi({ description: 'The file name as uploaded' }),
    size: z.number().int().openapi({ description: 'Bytes' }),
    sha256: z.string().openapi({ description: 'Lower-case hex SHA-256 of the file' }),
    content_type: z.string(),
    created_at: z.string().openapi({ format: 'date-time', description: 'Import date' }),
    public_url: z.string().openapi({
      example: 'https://aircloud.example/firmware/01J9Z3Q6ZP7V8W2M4K5N6R7S8T/purifier-2.4.1.bin',
    }),
    uploaded_by: z.string().nullable(),
  })
  .openapi('Firmware');

const FirmwareCollectionSchema = hydraCollection(FirmwareSchema, 'FirmwareCollection');

documentRoute({
  method: 'get',
  path: '/api/firmwares',
  operationId: 'listFirmwares',
  summary: 'List firmware files',
  description: 'Latest import first, 20 per page; `pagination=false` answers every file.',
  tags: ['firmware'],
  access: 'technician',
  query: z.object({
    page: z.string().optional().openapi({ example: '1' }),
    pagination: z.enum(['true', 'false']).optional(),
  }),
  responses: { 200: { description: 'Hydra collection', schema: FirmwareCollectionSchema } },
  errors: [422],
});

documentRoute({
  method: 'post',
  path: '/api/firmwares',
  operationId: 'uploadFirmware',
  summary: 'Import a firmware file',
  description:
    'multipart/form-data with the fields `name` (required, at most 120 characters), `version` ' +
    '(required: 2 to 4 dot-separated numbers and an optional `-pre.release` or `+build` suffix, ' +
    'e.g. `2.4.1`, `2.4.1-beta.2`), `models` (required: the purifier models it fits, ' +
    'comma-separated) — send them before `file` — and `file` (required, at most 200 MB). The ' +
    'file is streamed to storage and hashed (SHA-256) on the way; one byte over the limit ' +
    'answers 413 payload_too_large (violation code firmware-size) and nothing is kept. 422: ' +
    '`name` required / max_length, `version` required / max_length / firmware_version, ' +
    '`models` required / invalid_choice, `file` type_file_not_found (missing or empty). 400 ' +
    'bad_request: broken multipart. The import is recorded in the audit log.',
  tags: ['firmware'],
  access: 'technician',
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 120 },
            version: { type: 'string', maxLength: 32, pattern: FIRMWARE_VERSION_PATTERN.source },
            models: {
              type: 'string',
              description: `Comma-separated, among ${PRODUCT_KEY_MODELS.join(', ')}`,
              example: 'HEPA_DOME_WHITE,HEPA_DOME_BLACK',
            },
            file: { type: 'string', format: 'binary' },
          },
          required: ['name', 'version', 'models', 'file'],
        },
      },
    },
  },
  responses: { 201: { description: 'Stored (Location header)', schema: FirmwareSchema } },
  errors: [400, 413, 415, 422],
});

documentRoute({
  method: 'get',
  path: '/api/firmwares/{id}',
  operationId: 'getFirmware',
  summary: 'One firmware',
  tags: ['firmware'],
  access: 'technician',
  params: z.object({ id: UlidParam }),
  responses: { 200: { description: 'The firmware', schema: FirmwareSchema } },
  errors: [404],
});

documentRoute({
  method: 'delete',
  path: '/api/firmwares/{id}',
  operationId: 'deleteFirmware',
  summary: 'Delete a firmware file',
  description:
    'Removes the record and the file; its public URL answers 404 from then on. Recorded in the ' +
    'audit log. 409 `firmware_in_rollout` while a rollout of it is not completed or aborted ' +
    '(abort it first); the history of its rollouts stays.',
  tags: ['firmware'],
  access: 'technician',
  params: z.object({ id: UlidParam }),
  responses: { 204: 'Deleted' },
  errors: [404, 409],
});

documentRoute({
  method: 'get',
  path: '/firmware/{id}/{fileName}',
  operationId: 'downloadFirmwareFile',
  summary: 'Download a firmware file (public)',
  description:
    'No account needed. Always `application/octet-stream` as an attachment with ' +
    '`X-Content-Type-Options: nosniff`. `Content-Length`, `ETag: "sha256-<hex>"`, ' +
    '`Repr-Digest: sha-256=:<base64>:` and `Digest: sha-256=<base64>` carry the checksum. ' +
    '`Range: bytes=a-b` answers 206 with `Content-Range`; a range beyond the end answers 416 ' +
    'with `Content-Range: bytes */<size>`. `If-None-Match` answers 304. 404 when the id or the ' +
    'file name does not match.',
  tags: ['firmware'],
  access: 'public',
  params: z.object({ id: UlidParam, fileName: z.string() }),
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    206: {
      description: 'Part of the file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    304: 'Not modified (If-None-Match)',
    416: 'Range not satisfiable',
  },
  errors: [404],
});
