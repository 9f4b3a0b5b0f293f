import { userRoom } from '@aircloud/shared/realtime';
import type { Database } from '../db/client.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import type { NotificationRow } from './record.ts';
import { notificationPresenter, unreadCount } from './repository.ts';

/**
 * After the commit that recorded them: each new in-app notification goes to its recipient's
 * sockets (`user:<ulid>`) with their unread count, so a bell counts live. Best effort: the list
 * is the truth, a browser that missed an event reads it on its next fetch.
 */
export async function announceNotifications(
  db: Database,
  io: RealtimeServer,
  rows: NotificationRow[],
): Promise<void> {
  const shown = rows.filter((r) => r.inApp);
  const counts = new Map<string, number>();
  for (const userId of new Set(shown.map((r) => r.userId)))
    counts.set(userId, await unreadCount(db, userId));
  for (const row of shown)
    io.to(userRoom(row.userId)).emit('notification:created', {
      notification: notificationPresenter(row),
      unread: counts.get(row.userId)!,
    });
}
