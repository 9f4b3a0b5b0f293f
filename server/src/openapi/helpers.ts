import { z } from 'zod';
import { documentRoute, type ApiRoute } from './registry.ts';
import { UlidParam, hydraCollection } from './schemas.ts';

/** Pieces the modules' openapi.ts files share. */

/** A date-time string. */
export const dateTime = () => z.string().openapi({ format: 'date-time' });

/** Path parameters: `{ulid}` and `{id}`, both ULIDs. */
export const ulidParams = z.object({ ulid: UlidParam });
export const idParams = z.object({ id: UlidParam });

/** `?page=` of a paged list. */
export const pageQuery = z.object({ page: z.string().optional().openapi({ example: '1' }) });

/** A 200 answering a hydra collection of `item` (component `name`). */
export function collectionResponse(
  item: z.ZodType,
  name: string,
  description = 'A hydra collection',
) {
  return { description, schema: hydraCollection(item, name) };
}

/** A 200 answering a CSV file. */
export function csvResponse(description = 'The CSV file') {
  return { description, content: { 'text/csv': { schema: z.string() } } };
}

/** A multipart/form-data body with one required `file` field. */
export const multipartFileBody: NonNullable<ApiRoute['requestBody']> = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  },
};

type RouteDefaults = Pick<ApiRoute, 'tags' | 'access'>;

/**
 * `documentRoute` with the `tags` and `access` a module's routes share, which each route may
 * still set. A path with parameters (`{ulid}`, `{id}`, `{sensorUlid}`) and no `params` gets
 * each as a ULID parameter.
 */
export function routeDocumenter(defaults: RouteDefaults) {
  return (route: Omit<ApiRoute, keyof RouteDefaults> & Partial<RouteDefaults>): void => {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const params =
      route.params ??
      (names.length > 0
        ? z.object(Object.fromEntries(names.map((name) => [name, UlidParam])))
        : undefined);
    documentRoute({ ...defaults, ...route, ...(params ? { params } : {}) });
  };
}
