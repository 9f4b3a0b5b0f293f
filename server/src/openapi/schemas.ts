import { z } from 'zod';
import { LANGUAGES, THEMES } from '@aircloud/shared/constants';
import { ROLES } from '@aircloud/shared/roles';
import './registry.ts';

/** Response schemas of the documentation (requests use the shared zod schemas directly). */

export const UlidParam = z
  .string()
  .openapi({ param: { description: 'ULID' }, example: '01J9Z3Q6ZP7V8W2M4K5N6R7S8T' });

const userFields = {
  '@id': z.string().openapi({ example: '/api/users/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
  '@type': z.literal('User'),
  ulid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  lang: z.enum(LANGUAGES),
  theme: z.enum(THEMES).openapi({
    description:
      "The theme chosen in the user menu, stored with the language ('system' follows the device)",
  }),
  avatar: z.string().nullable().openapi({
    description: 'Content URL of the avatar (/api/media_objects/{id}/content) or null',
  }),
  role: z.enum(ROLES),
  company: z.string(),
  phone: z.string(),
};

export const MeSchema = z
  .object({
    ...userFields,
    invitations_received_count: z.number().int(),
    api_token: z.null().openapi({
      description: 'Always null: the token is shown once, by POST /api/me/generate-api-token',
    }),
    api_token_hint: z
      .string()
      .nullable()
      .openapi({ description: 'The current token by its last characters', example: 'aq_…wxyz' }),
    api_token_validity: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('Me');

export const UserSchema = z
  .object({
    ...userFields,
    enabled: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('User');

export const ApiTokenSchema = z
  .object({
    api_token: z.string().openapi({ description: 'The full token: shown this once only' }),
    api_token_hint: z.string().openapi({ example: 'aq_…wxyz' }),
    api_token_validity: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ApiToken');

/** A hydra collection of `item`. */
export function hydraCollection<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      '@context': z.string(),
      '@id': z.string(),
      '@type': z.literal('hydra:Collection'),
      'hydra:member': z.array(item),
      'hydra:totalItems': z.number().int(),
      'hydra:view': z
        .object({
          '@id': z.string(),
          '@type': z.literal('hydra:PartialCollectionView'),
          'hydra:first': z.string().optional(),
          'hydra:last': z.string().optional(),
          'hydra:next': z.string().optional(),
          'hydra:previous': z.string().optional(),
        })
        .optional(),
    })
    .openapi(name);
}
