import type { HydraCollection } from '@aircloud/shared/jsonld';
import type {
  MarkNotificationsRead,
  Notification,
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@aircloud/shared/notifications';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

export type NotificationPage = HydraCollection<Notification> & { unread_count: number };

export interface NotificationsArgs {
  page: number;
  unread?: boolean;
}

const api = apiSlice.enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationPrefs'] });

/** The in-app notifications and their preferences (docs/api-notifications.md). */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationPage, NotificationsArgs>({
      query: ({ page, unread }) => ({
        url: '/api/notifications',
        params: unread ? { page, unread: 'true' } : { page },
      }),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<
      { updated: number; unread_count: number },
      MarkNotificationsRead
    >({
      query: (body) => ({ url: '/api/notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notifications'],
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => ({ url: '/api/me/notification_preferences' }),
      providesTags: ['NotificationPrefs'],
    }),
    putNotificationPreferences: build.mutation<
      NotificationPreferences,
      NotificationPreferencesInput
    >({
      query: (body) => ({ url: '/api/me/notification_preferences', method: 'PUT', body }),
      invalidatesTags: ['NotificationPrefs'],
    }),
  }),
});

export const {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  usePutNotificationPreferencesMutation,
} = notificationsApi;
