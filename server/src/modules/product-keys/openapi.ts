import { z } from 'zod';
import {
  PRODUCT_KEY_MODELS,
  PRODUCT_KEY_STATES,
  changeProductKeyStateSchema,
  exportProductKeysSchema,
  generateProductKeysSchema,
  productKeysQuerySchema,
} from '@aircloud/shared/product-keys';
import {
  collectionResponse,
  csvResponse,
  dateTime,
  routeDocumenter,
} from '../../openapi/helpers.ts';

export const ProductKeySchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/product_keys/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('ProductKey'),
    ulid: z.string(),
    key: z.string().openapi({ example: 'ABCD-EFGH-JKLM-NPQR' }),
    serial_number: z.string().openapi({ example: 'HEPA_BULLE_WHITE-000123' }),
    model: z.enum(PRODUCT_KEY_MODELS),
    state: z.enum(PRODUCT_KEY_STATES),
    user: z
      .object({
        '@id': z.string(),
        ulid: z.string(),
        email: z.string(),
        firstname: z.string(),
        lastname: z.string(),
      })
      .nullable(),
    purifier: z.string().nullable().openapi({ description: 'IRI of the purifier, or null' }),
    created_at: dateTime(),
    updated_at: dateTime(),
    exported_at: dateTime().nullable(),
    activated_at: dateTime().nullable(),
  })
  .openapi('ProductKey');

const ProductKeyBatchSchema = z
  .object({
    '@type': z.literal('ProductKeyBatch'),
    model: z.enum(PRODUCT_KEY_MODELS),
    count: z.number().int(),
    first_serial_number: z.string(),
    last_serial_number: z.string(),
  })
  .openapi('ProductKeyBatch');

const documentRoute = routeDocumenter({ tags: ['product keys'], access: 'technician' });

documentRoute({
  method: 'get',
  path: '/api/product_keys',
  operationId: 'listProductKeys',
  summary: 'List product keys',
  description:
    '20 per page, by serial number. `search` matches the serial number or the key (dashes and ' +
    'case ignored); `state` and `model` filter.',
  query: productKeysQuerySchema,
  responses: { 200: collectionResponse(ProductKeySchema, 'ProductKeyCollection') },
  errors: [422],
});
documentRoute({
  method: 'post',
  path: '/api/product_keys/generate',
  operationId: 'generateProductKeys',
  summary: 'Generate product keys',
  description:
    '`count` (1 to 10,000) keys of `model`, serial numbers `MODEL-NNNNNN` from `start_serial`. ' +
    '409 `serial_number_already_exists` when any serial of the range exists (nothing is created).',
  body: generateProductKeysSchema,
  responses: { 201: { description: 'What was generated', schema: ProductKeyBatchSchema } },
  errors: [409],
});
documentRoute({
  method: 'post',
  path: '/api/product_keys/export',
  operationId: 'exportProductKeys',
  summary: 'Export product keys to CSV',
  description:
    '`{ids}` exports a selection, `{filter: {search, state, model}}` every key matching (an empty ' +
    'body: every key). Answers text/csv `key,serial_number,model,state`; the generated keys among ' +
    'them become exported in the same transaction.',
  body: exportProductKeysSchema,
  responses: { 200: csvResponse() },
});
documentRoute({
  method: 'get',
  path: '/api/product_keys/{id}',
  operationId: 'getProductKey',
  summary: 'One product key',
  responses: { 200: { description: 'The key', schema: ProductKeySchema } },
  errors: [404],
});
documentRoute({
  method: 'patch',
  path: '/api/product_keys/{id}',
  operationId: 'updateProductKey',
  summary: 'Block or unblock a product key',
  description:
    'Allowed: generated -> blocked, exported -> blocked, blocked -> generated (export again ' +
    'before activation). Anything else answers 409 `cannot_change_status`.',
  body: changeProductKeyStateSchema,
  responses: { 200: { description: 'The key', schema: ProductKeySchema } },
  errors: [404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/product_keys/{id}/regenerate',
  operationId: 'regenerateProductKey',
  summary: 'Give a product key a new random key',
  description:
    'For generated, exported and blocked keys (an exported key becomes generated: the printed ' +
    'key is void). An activated key answers 409 `cannot_change_status`.',
  responses: { 200: { description: 'The key', schema: ProductKeySchema } },
  errors: [404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/product_keys/{id}/unlink',
  operationId: 'unlinkProductKey',
  summary: 'Unlink an activated product key from its user',
  description:
    'activated -> exported. The purifier stays, owned by nobody, with its history; the next ' +
    'activation of the key gives it to the new user. Other states: 409 `cannot_change_status`.',
  responses: { 200: { description: 'The key', schema: ProductKeySchema } },
  errors: [404, 409],
});
