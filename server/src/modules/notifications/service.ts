import type { HydraCollection } from '@aircloud/shared/jsonld';
import {
  mergePreferences,
  type MarkNotificationsRead,
  type Notification,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@aircloud/shared/notifications';
import { userRoom } from '@aircloud/shared/realtime';
import { hydraCollection } from '@aircloud/core/jsonld';
import {
  findPreferences,
  listNotifications as listRows,
  markRead,
  notificationPresenter,
  savePreferences,
  unreadCount,
} from '@aircloud/core/notifications/repository';
import type { UserRow } from '@aircloud/core/users/repository';
import type { AppContext } from '../../context.ts';

/** The caller's in-app notifications, newest first; `unread` keeps the unread ones. */
export async function listNotifications(
  ctx: AppContext,
  user: UserRow,
  { page, unread }: { page: number; unread: boolean },
): Promise<HydraCollection<Notification> & { unread_count: number }> {
  const [{ rows, total }, unreadTotal] = await Promise.all([
    listRows(ctx.db, user.id, { page, unread }),
    unreadCount(ctx.db, user.id),
  ]);
  return {
    ...hydraCollection(
      '/api/notifications',
      'Notification',
      rows.map(notificationPresenter),
      total,
      {
        page,
        params: unread ? { unread: 'true' } : {},
      },
    ),
    unread_count: unreadTotal,
  };
}

/**
 * Marks some of the caller's notifications (ids of anybody else's are ignored) or all of them
 * read; the caller's other tabs get the new count.
 */
export async function readNotifications(
  ctx: AppContext,
  user: UserRow,
  input: MarkNotificationsRead,
): Promise<{ updated: number; unread_count: number }> {
  const updated = await markRead(ctx.db, user.id, 'all' in input ? 'all' : input.ids);
  const unread = await unreadCount(ctx.db, user.id);
  if (updated > 0) ctx.io.to(userRoom(user.id)).emit('notifications:read', { unread });
  return { updated, unread_count: unread };
}

/** The caller's notification preferences (the defaults until saved). */
export async function getPreferences(
  ctx: AppContext,
  user: UserRow,
): Promise<NotificationPreferences> {
  return findPreferences(ctx.db, user.id);
}

/** Changes the caller's preferences: what the body leaves out keeps its value. */
export async function putPreferences(
  ctx: AppContext,
  user: UserRow,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return ctx.db.transaction(async (tx) => {
    const next = mergePreferences(await findPreferences(tx, user.id), input);
    await savePreferences(tx, user.id, next);
    return next;
  });
}
