import { z } from 'zod';
import { AVATAR_SIZES } from '@aircloud/shared/users';
import { idParams, multipartFileBody } from '../../openapi/helpers.ts';
import { documentRoute } from '../../openapi/registry.ts';

const MediaObjectSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/media_objects/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('MediaObject'),
    content_url: z
      .string()
      .openapi({ example: '/api/media_objects/01J9Z3Q6ZP7V8W2M4K5N6R7S8T/content' }),
  })
  .openapi('MediaObject');

documentRoute({
  method: 'post',
  path: '/api/media_objects',
  operationId: 'uploadMediaObject',
  summary: 'Upload an avatar image',
  description:
    'multipart/form-data with the field `file`: PNG, JPEG or WebP (checked by magic bytes), at most 2 MB. ' +
    'Attach it with PUT /api/users/{ulid} `{"avatar": "<@id>"}`; an upload no user wears an hour ' +
    'later is deleted. An account stores at most 5 images and 10 MB (its avatar included). ' +
    'Errors: 413 payload_too_large (violation code image-size), 422 image_type, 422 image_quota, ' +
    '422 type_file_not_found, 400 bad_request (broken multipart).',
  tags: ['media'],
  access: 'user',
  requestBody: multipartFileBody,
  responses: { 201: { description: 'Stored', schema: MediaObjectSchema } },
  errors: [400, 413, 415, 422],
});

documentRoute({
  method: 'get',
  path: '/api/media_objects/{id}',
  operationId: 'getMediaObject',
  summary: 'One media object (its @id)',
  description: 'To whoever may see its content (404 otherwise).',
  tags: ['media'],
  access: 'user',
  params: idParams,
  responses: { 200: { description: 'The media object', schema: MediaObjectSchema } },
  errors: [404],
});

documentRoute({
  method: 'get',
  path: '/api/media_objects/{id}/content',
  operationId: 'getMediaObjectContent',
  summary: 'The image, resized',
  description:
    'Square crop of `size` pixels, or the image within 1024 px without `size`. Visible to admins, ' +
    'its uploader and the user wearing it as avatar (404 otherwise).',
  tags: ['media'],
  access: 'user',
  params: idParams,
  query: z.object({ size: z.enum(AVATAR_SIZES).optional() }),
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        'image/webp': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
  errors: [404, 422],
});
