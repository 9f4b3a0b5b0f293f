import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { Notification, NotificationPreferences } from '@aircloud/shared/notifications';
import { completePreferences } from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import { pageOffset } from '../db/sql.ts';
import { notificationPreferences, notifications } from '../db/schema/index.ts';
import { iri } from '../jsonld.ts';
import type { NotificationRow } from './record.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** A notification as the API answers it. */
export function notificationPresenter(row: NotificationRow): Notification {
  const collection = row.machineKind === 'purifier' ? 'purifiers' : 'sensors';
  return {
    '@id': iri('notifications', row.id),
    '@type': 'Notification',
    id: row.id,
    type: row.type,
    machine:
      row.machineKind && row.machineId
        ? { kind: row.machineKind, ulid: row.machineId, '@id': iri(collection, row.machineId) }
        : null,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** One page of a user's in-app notifications, newest first, and the total. */
export async function listNotifications(
  db: Executor,
  userId: string,
  { page, unread }: { page: number; unread: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(
    eq(notifications.userId, userId),
    eq(notifications.inApp, true),
    unread ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** How many in-app notifications of the user are unread (the bell). */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Marks the user's notifications read: these ids (ids of other users' notifications are
 * ignored, never revealed) or all. Answers how many changed.
 */
export async function markRead(
  db: Executor,
  userId: string,
  ids: string[] | 'all',
  now: Date = new Date(),
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** A user's preferences (the defaults when never saved). */
export async function findPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return completePreferences(row?.preferences);
}

/** Stores a user's preferences. */
export async function savePreferences(
  db: Executor,
  userId: string,
  preferences: NotificationPreferences,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: new Date() },
    });
}
