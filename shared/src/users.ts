import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  THEMES,
  type Language,
  type ThemeChoice,
} from './constants.ts';
import { ULID_CHARACTERS } from './ids.ts';
import { brokenPasswordRules } from './password.ts';
import { ROLES, type Role } from './roles.ts';
import { PHONE_PATTERN, singleLineText } from './validation.ts';

export {
  AVATAR_SIZES,
  AVATAR_MAX_BYTES,
  AVATAR_QUOTA_COUNT,
  AVATAR_QUOTA_BYTES,
  ABANDONED_UPLOAD_MS,
  AVATAR_MIME_TYPES,
} from './avatars.ts';

/** The current user as GET /api/me answers it (spec section 3, snake_case). */
/** What every user body carries: identity, language and theme, avatar content URL and role. */
export interface UserIdentity {
  '@id': string;
  '@type': 'User';
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
  lang: Language;
  /** The theme chosen in the user menu, stored with the language ('system' follows the device). */
  theme: ThemeChoice;
  /** Content URL of the avatar (`/api/media_objects/{id}/content`), or null. */
  avatar: string | null;
  role: Role;
  company: string;
  phone: string;
}

/** The current user as GET /api/me answers it (spec section 3, snake_case). */
export interface Me extends UserIdentity {
  invitations_received_count: number;
  /** Always null: the personal API token is shown once, by POST /api/me/generate-api-token. */
  api_token: null;
  /** The current API token as `aq_…wxyz` (its last characters), or null without a token. */
  api_token_hint: string | null;
  api_token_validity: string | null;
}

/** POST /api/me/generate-api-token answer: the only time the full token is shown. */
export interface ApiToken {
  api_token: string;
  api_token_hint: string;
  api_token_validity: string;
}

/** GET /api/validation_codes/{code} answer. */
export interface ValidationCode {
  '@id': string;
  '@type': 'ValidationCode';
  email: string;
}

/** A user as the admin API answers it (GET/POST/PUT /api/users). */
export interface User extends UserIdentity {
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

/** The answer of POST /api/media_objects. */
export interface MediaObject {
  '@id': string;
  '@type': 'MediaObject';
  content_url: string;
}

/** `/api/media_objects/{id}` (or its `/content` URL, so a GET body can be sent back). */
export const MEDIA_OBJECT_IRI = new RegExp(
  `^\\/api\\/media_objects\\/(${ULID_CHARACTERS})(?:\\/content)?$`,
);

/** Longest values the users API stores; client forms check them before sending (spec section 5). */
export const USER_LIMITS = {
  firstname: 100,
  lastname: 100,
  email: 180,
  company: 150,
  phone: 30,
} as const;

const name = (field: 'firstname' | 'lastname') =>
  singleLineText(`form.${field}.required`)
    .min(1, { error: `form.${field}.required` })
    .max(USER_LIMITS[field], { error: 'validation.max_length' });

const userEmail = () =>
  z
    .string({ error: 'form.email.required' })
    .trim()
    .min(1, { error: 'form.email.required' })
    .max(USER_LIMITS.email, { error: 'validation.max_length' })
    .pipe(z.email({ error: 'form.email.email' }))
    .transform((email) => email.toLowerCase());

const company = () => singleLineText().max(USER_LIMITS.company, { error: 'validation.max_length' });
const phone = () =>
  singleLineText()
    .max(USER_LIMITS.phone, { error: 'validation.max_length' })
    .refine((p) => p === '' || PHONE_PATTERN.test(p), { error: 'validation.phone' });
const role = () => z.enum(ROLES, { error: 'validation.required' });
const lang = () => z.enum(LANGUAGES, { error: 'validation.invalid' });
const theme = () => z.enum(THEMES, { error: 'validation.invalid_choice' });
/** The avatar as the IRI of an uploaded media object, or null to remove it. */
const avatar = () => z.string().regex(MEDIA_OBJECT_IRI, { error: 'validation.invalid' }).nullable();
/** Ignored identity fields the client's user form sends back. */
const identity = {
  '@id': z.string().optional(),
  '@type': z.string().optional(),
  ulid: z.string().optional(),
};

/** Both new passwords empty (none given), or a valid first one repeated. */
function checkPasswords(
  value: { new_password1?: string; new_password2?: string },
  ctx: z.RefinementCtx,
): void {
  const p1 = value.new_password1 ?? '';
  const p2 = value.new_password2 ?? '';
  if (p1 === '' && p2 === '') return;
  if (brokenPasswordRules(p1).length > 0)
    ctx.addIssue({ code: 'custom', path: ['new_password1'], message: 'password_must_be' });
  else if (p1 !== p2)
    ctx.addIssue({ code: 'custom', path: ['new_password2'], message: 'new_password_invalid' });
}

/**
 * POST /api/users. With both passwords the account is enabled; without, it is disabled and the
 * user receives an activation mail.
 */
export const userWriteSchema = z
  .strictObject({
    ...identity,
    firstname: name('firstname'),
    lastname: name('lastname'),
    email: userEmail(),
    lang: lang().default(DEFAULT_LANGUAGE),
    avatar: avatar().optional(),
    new_password1: z.string().max(4096, { error: 'validation.max_length' }).optional(),
    new_password2: z.string().max(4096, { error: 'validation.max_length' }).optional(),
    role: role(),
    company: company().default(''),
    phone: phone().default(''),
  })
  .superRefine(checkPasswords);
export type UserWriteInput = z.infer<typeof userWriteSchema>;

/**
 * PUT /api/users/{ulid}: the fields sent are changed, the others kept. A user editing their own
 * record may send `role`, `email` and `enabled` only unchanged.
 */
export const userUpdateSchema = z.strictObject({
  ...identity,
  firstname: name('firstname').optional(),
  lastname: name('lastname').optional(),
  email: userEmail().optional(),
  lang: lang().optional(),
  theme: theme().optional(),
  company: company().optional(),
  role: role().optional(),
  avatar: avatar().optional(),
  phone: phone().optional(),
  enabled: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** GET /api/users query. */
export const userListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.numeric' })
    .min(1, { error: 'validation.min_value' })
    .max(100000, { error: 'validation.invalid' })
    .default(1),
  search: z.string().trim().max(100, { error: 'validation.max_length' }).optional(),
  role: z.enum(ROLES, { error: 'validation.invalid' }).optional(),
  pagination: z.enum(['true', 'false'], { error: 'validation.invalid' }).default('true'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
