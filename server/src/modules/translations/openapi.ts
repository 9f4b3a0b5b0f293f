import { z } from 'zod';
import { LANGUAGES } from '@aircloud/shared/constants';
import { translationOverrideWriteSchema } from '@aircloud/shared/translations';
import { documentRoute } from '../../openapi/registry.ts';

const LangParam = z.enum(LANGUAGES).openapi({ param: { name: 'lang', in: 'path' } });
const KeyParam = z
  .string()
  .openapi({ param: { name: 'key', in: 'path' }, example: 'errors.not_found' });
const texts = z.record(z.enum(LANGUAGES), z.string());
const TranslationRowSchema = z
  .object({ key: z.string(), base: texts, overrides: texts })
  .openapi('TranslationRow');
const TranslationCatalogueSchema = z
  .object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(TranslationRowSchema),
    'hydra:totalItems': z.number().int(),
  })
  .openapi('TranslationCatalogue');
const TranslationOverrideSchema = z
  .object({
    '@type': z.literal('TranslationOverride'),
    lang: z.enum(LANGUAGES),
    key: z.string(),
    text: z.string(),
    updated_at: z.string(),
  })
  .openapi('TranslationOverride');

documentRoute({
  method: 'get',
  path: '/api/translations',
  operationId: 'listTranslations',
  summary: 'Every catalogue key with its texts in the five languages',
  description:
    'The whole catalogue, unpaginated and sorted by key (the screen filters in the browser): ' +
    'per key the shipped texts (`base`, a language absent when the text is missing) and the ' +
    'overrides saved by administrators.',
  tags: ['translations'],
  access: 'admin',
  responses: { 200: { description: 'Every key', schema: TranslationCatalogueSchema } },
});
documentRoute({
  method: 'get',
  path: '/api/translations/{lang}/overrides',
  operationId: 'listTranslationOverrides',
  summary: 'The overrides of one language',
  description:
    'A flat map `{"dotted.key": "text"}` loaded by every client over its catalogue. ' +
    '`Cache-Control: public, no-cache` with an `ETag`: send `If-None-Match` to get a 304.',
  tags: ['translations'],
  access: 'public',
  params: z.object({ lang: LangParam }),
  responses: {
    200: { description: 'Key -> text', schema: z.record(z.string(), z.string()) },
    304: 'Not modified',
  },
  errors: [404],
});
documentRoute({
  method: 'put',
  path: '/api/translations/{lang}/{key}',
  operationId: 'setTranslationOverride',
  summary: 'Save an override',
  description:
    'Replaces the text of `key` in `lang` for every client and for the API error texts and ' +
    'mails (other server processes within 5 s). The key must exist in the base catalogue of ' +
    'some language (422 otherwise, as for an unknown `lang`).',
  tags: ['translations'],
  access: 'admin',
  params: z.object({ lang: LangParam, key: KeyParam }),
  body: translationOverrideWriteSchema,
  responses: { 200: { description: 'The saved override', schema: TranslationOverrideSchema } },
});
documentRoute({
  method: 'delete',
  path: '/api/translations/{lang}/{key}',
  operationId: 'deleteTranslationOverride',
  summary: 'Revert to the catalogue text',
  description: 'Deletes the override; 404 when there is none.',
  tags: ['translations'],
  access: 'admin',
  params: z.object({ lang: LangParam, key: KeyParam }),
  responses: { 204: 'Reverted' },
  errors: [404, 422],
});
