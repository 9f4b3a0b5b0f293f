import { useEffect, useState } from 'react';
import { merge } from 'rxjs';
import { realtime } from '../../../lib/realtime/socket.ts';
import { useListNotificationsQuery } from '../api/notificationsApi.ts';

/**
 * The signed-in user's unread notifications: fetched once, then counted live from the socket
 * (`notification:created` and `notifications:read` carry the new count).
 */
export function useUnreadCount(): number {
  const { data } = useListNotificationsQuery({ page: 1, unread: true });
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => {
    const subscription = merge(
      realtime.notificationCreated$,
      realtime.notificationsRead$,
    ).subscribe((event) => setLive(event.unread));
    return () => subscription.unsubscribe();
  }, []);
  // A refetch (after marking read here) is newer than the last pushed count.
  useEffect(() => setLive(null), [data]);
  return live ?? data?.unread_count ?? 0;
}
