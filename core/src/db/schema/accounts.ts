import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ThemeChoice } from '@aircloud/shared/constants';
import { createdAt } from './columns.ts';

/** Accounts: users, their sessions and mailed codes, the mail outbox, avatars, translation overrides. */

/** Accounts. `email` is stored lower-case; `api_token_*` hold the personal API token. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    lang: text('lang').notNull().default('fr'),
    /** The theme chosen in the user menu, stored beside the language. */
    theme: text('theme').$type<ThemeChoice>().notNull().default('system'),
    avatar: text('avatar'),
    role: text('role').notNull().default('ROLE_USER'),
    enabled: boolean('enabled').notNull().default(false),
    /** SHA-256 of the API token, to find its owner from a Bearer header. */
    apiTokenHash: text('api_token_hash'),
    /** The last characters of the API token: it is shown once, then only as `aq_…wxyz`. */
    apiTokenHint: text('api_token_hint'),
    apiTokenValidity: timestamp('api_token_validity', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_api_token_hash_key').on(t.apiTokenHash),
    check('users_theme_check', sql`${t.theme} IN ('system', 'light', 'dark')`),
  ],
);

/**
 * Rotating refresh tokens, stored hashed. Each login starts a family; a refresh replaces the
 * token by a new one of the same family. Presenting a replaced token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use codes sent by mail: account activation and password reset. Stored hashed. */
export const validationCodes = pgTable(
  'validation_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('validation_codes_code_hash_key').on(t.codeHash),
    index('validation_codes_user_idx').on(t.userId),
  ],
);

/**
 * The mail outbox: a mail is committed here in the same transaction as what caused it, then a
 * job is queued; the worker sends it and marks it sent, and re-queues any left pending.
 */
export const mails = pgTable(
  'mails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    lang: text('lang').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mails_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Uploaded images (avatars), stored outside the web root under a random file name and served
 * through the API, resized; `@id` is `/api/media_objects/{id}`.
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('media_objects_owner_idx').on(t.ownerId)],
);

/**
 * Texts an administrator saved over the base catalogue (shared/src/i18n), one per language and
 * key. Served to every client with its catalogue and applied by the server's own translate().
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);
