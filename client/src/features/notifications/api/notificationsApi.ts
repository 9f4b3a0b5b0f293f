import type { HydraCollection } from '@aircloud/shared/jsonld';
import type {
  MarkNotificationsRead,
  Notification,
  NotificationPreferences,
  NotificationPreferencesInput,
  PushPublicKey,
  PushSubscriptionInfo,
  PushSubscriptionInput,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from '@aircloud/shared/notifications';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

export type NotificationPage = HydraCollection<Notification> & { unread_count: number };

export interface NotificationsArgs {
  page: number;
  unread?: boolean;
}

const api = apiSlice.enhanceEndpoints({
  addTagTypes: ['Notifications', 'NotificationPrefs', 'Webhooks'],
});

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
    getPushPublicKey: build.query<PushPublicKey, void>({
      query: () => ({ url: '/api/me/push_public_key' }),
    }),
    subscribePush: build.mutation<PushSubscriptionInfo, PushSubscriptionInput>({
      query: (body) => ({ url: '/api/me/push_subscriptions', method: 'POST', body }),
    }),
    unsubscribePush: build.mutation<void, string>({
      query: (endpoint) => ({
        url: '/api/me/push_subscriptions',
        method: 'DELETE',
        body: { endpoint },
      }),
    }),
    listWebhooks: build.query<HydraCollection<Webhook>, void>({
      query: () => ({ url: '/api/webhooks' }),
      providesTags: ['Webhooks'],
    }),
    createWebhook: build.mutation<Webhook, WebhookInput>({
      query: (body) => ({ url: '/api/webhooks', method: 'POST', body }),
      invalidatesTags: ['Webhooks'],
    }),
    deleteWebhook: build.mutation<void, string>({
      query: (id) => ({ url: `/api/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Webhooks'],
    }),
    listWebhookDeliveries: build.query<HydraCollection<WebhookDelivery>, string>({
      query: (id) => ({ url: `/api/webhooks/${id}/deliveries` }),
      providesTags: ['Webhooks'],
    }),
  }),
});

export const {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  usePutNotificationPreferencesMutation,
  useGetPushPublicKeyQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
} = notificationsApi;
