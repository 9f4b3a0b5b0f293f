import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { purifiers } from './fleet.ts';
import { sensors } from './fleet.ts';

/** Invitations to share machines. */

/**
 * Invitations to share machines: one per invited e-mail (stored lower-case) and sender.
 * `recipient_id` is set once an enabled account has that e-mail (at sending, or when the person
 * registers and activates). `status`: pending, then accepted or refused by the recipient, or
 * withdrawn (pending) / revoked (accepted) by the sender, or left (accepted) by the recipient.
 * Only pending and accepted ones are live; at most one live invitation per sender and e-mail.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'accepted' | 'refused' | 'withdrawn' | 'revoked' | 'left'>()
      .notNull()
      .default('pending'),
    /** Language of the mail when the recipient has no account yet (the sender's). */
    lang: text('lang').notNull().default('fr'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_live_key')
      .on(t.senderId, t.email)
      .where(sql`status IN ('pending', 'accepted')`),
    index('invitations_recipient_idx').on(t.recipientId, t.status),
    index('invitations_unclaimed_email_idx')
      .on(t.email)
      .where(sql`recipient_id IS NULL AND status = 'pending'`),
    check(
      'invitations_status_check',
      sql`${t.status} IN ('pending', 'accepted', 'refused', 'withdrawn', 'revoked', 'left')`,
    ),
  ],
);

/** The purifiers an invitation shares. */
export const invitationPurifiers = pgTable(
  'invitation_purifiers',
  {
    invitationId: text('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    purifierId: text('purifier_id')
      .notNull()
      .references(() => purifiers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.purifierId] }),
    index('invitation_purifiers_purifier_idx').on(t.purifierId),
  ],
);

/** The sensors an invitation shares. */
export const invitationSensors = pgTable(
  'invitation_sensors',
  {
    invitationId: text('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.sensorId] }),
    index('invitation_sensors_sensor_idx').on(t.sensorId),
  ],
);
