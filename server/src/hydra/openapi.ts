import { z } from 'zod';
import { documentRoute } from '../openapi/registry.ts';

/** Documentation of the hydra routes: the entrypoint, the ApiDocumentation and the contexts. */

const EntrypointSchema = z
  .object({
    '@context': z.literal('/api/contexts/Entrypoint'),
    '@id': z.literal('/api'),
    '@type': z.literal('Entrypoint'),
  })
  .catchall(z.string().openapi({ description: 'The IRI of a collection' }))
  .openapi('Entrypoint', {
    example: {
      '@context': '/api/contexts/Entrypoint',
      '@id': '/api',
      '@type': 'Entrypoint',
      purifier: '/api/purifiers',
      sensor: '/api/sensors',
    },
  });

const ApiDocumentationSchema = z
  .object({
    '@context': z.record(z.string(), z.unknown()),
    '@id': z.literal('/api/docs.jsonld'),
    '@type': z.literal('hydra:ApiDocumentation'),
    'hydra:title': z.string(),
    'hydra:description': z.string(),
    'hydra:entrypoint': z.literal('/api'),
    'hydra:supportedClass': z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('ApiDocumentation');

const ContextSchema = z
  .object({ '@context': z.record(z.string(), z.unknown()) })
  .openapi('JsonLdContext');

const tags = ['hydra'];

documentRoute({
  method: 'get',
  path: '/api',
  operationId: 'getEntrypoint',
  summary: 'The hydra entrypoint: a link to each collection',
  description:
    'Every /api answer carries `Link: <…/api/docs.jsonld>; ' +
    'rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`.',
  tags,
  access: 'public',
  responses: { 200: { description: 'The entrypoint', schema: EntrypointSchema } },
});
documentRoute({
  method: 'get',
  path: '/api/docs.jsonld',
  operationId: 'getApiDocumentation',
  summary: 'The hydra:ApiDocumentation: every class with its properties and operations',
  tags,
  access: 'public',
  responses: { 200: { description: 'The documentation', schema: ApiDocumentationSchema } },
});
documentRoute({
  method: 'get',
  path: '/api/contexts/{name}',
  operationId: 'getJsonLdContext',
  summary: 'The JSON-LD context an answer names in `@context` (e.g. /api/contexts/Purifier)',
  tags,
  access: 'public',
  params: z.object({ name: z.string().openapi({ example: 'Purifier' }) }),
  responses: { 200: { description: 'The context', schema: ContextSchema } },
  errors: [404],
});
