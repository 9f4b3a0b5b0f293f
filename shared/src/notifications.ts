import { z } from 'zod';

/**
 * Notifications (issue 20): what happened to a machine a user sees, recorded once per recipient
 * and delivered on the channels their preferences allow (docs/api-notifications.md).
 */

/** The events a user can be told about. */
export const NOTIFICATION_TYPES = [
  'alert_triggered',
  'alert_stopped',
  'device_offline',
  'device_online',
  'maintenance_due',
  /** A consumable will reach the replacement level within the user's chosen days. */
  'maintenance_soon',
  /** A purifier's measured air changes have been below its TRH for a week. */
  'air_changes_below',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification goes: the list and bell of the app, a mail, Web Push, webhooks. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Channels deferred during quiet hours: recorded, and delivered when the quiet hours end (the
 * in-app list records and shows at once).
 */
export const QUIET_CHANNELS: readonly NotificationChannel[] = ['email', 'push', 'webhook'];

/** A device is reported offline once it has been silent this long (minutes; default, bounds). */
export const OFFLINE_DELAY_MIN_DEFAULT = 15;
export const OFFLINE_DELAY_MIN_MAX = 10_080;
/** A filter or module is due once its level is below this percentage (default, bounds). */
export const MAINTENANCE_PERCENT_DEFAULT = 10;
/** "Maintenance due soon" comes this many days before, at the recent pace (default, bounds). */
export const MAINTENANCE_DAYS_BEFORE_DEFAULT = 14;
export const MAINTENANCE_DAYS_BEFORE_MAX = 90;
/** Days a purifier stays measured below its TRH before its users are told. */
export const AIR_CHANGES_BELOW_DAYS = 7;
/** At most one notification per rule per this many minutes (0: no limit; default, bounds). */
export const FLAP_INTERVAL_MIN_DEFAULT = 15;
export const FLAP_INTERVAL_MIN_MAX = 1440;
/** The time zone of quiet hours when the user has not chosen one. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export type ChannelSwitches = Record<NotificationChannel, boolean>;
export type ChannelPreferences = Record<NotificationType, ChannelSwitches>;

/** The preferences of a user who never saved any. */
export function defaultChannels(): ChannelPreferences {
  const on = (email: boolean): ChannelSwitches => ({
    in_app: true,
    email,
    push: false,
    webhook: true,
  });
  return {
    alert_triggered: on(true),
    alert_stopped: on(false),
    device_offline: on(true),
    device_online: on(false),
    maintenance_due: on(true),
    maintenance_soon: on(true),
    air_changes_below: on(true),
  };
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const intField = (min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.numeric',
    })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.min_value' })
    .max(max, { error: 'validation.max_value' });

const timeField = () =>
  z.string({ error: 'validation.time' }).regex(HH_MM, { error: 'validation.time' });

const switchesSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_CHANNELS.map((c) => [c, z.boolean({ error: 'validation.invalid' }).optional()]),
  ) as Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>,
  { error: 'validation.invalid' },
);

/**
 * The body of `PUT /api/me/notification_preferences`: every field optional (what is left out
 * keeps its value), channels per event type merged switch by switch.
 */
export const notificationPreferencesInputSchema = z.strictObject(
  {
    channels: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, switchesSchema.optional()])) as Record<
          NotificationType,
          z.ZodOptional<typeof switchesSchema>
        >,
        { error: 'validation.invalid' },
      )
      .optional(),
    offline_delay_min: intField(1, OFFLINE_DELAY_MIN_MAX).optional(),
    maintenance_percent: intField(1, 99).optional(),
    maintenance_days_before: intField(1, MAINTENANCE_DAYS_BEFORE_MAX).optional(),
    flap_interval_min: intField(0, FLAP_INTERVAL_MIN_MAX).optional(),
    quiet_hours: z
      .strictObject({ start: timeField(), end: timeField() }, { error: 'validation.invalid' })
      .nullable()
      .optional(),
    time_zone: z
      .string({ error: 'validation.invalid_choice' })
      .refine(isTimeZone, { error: 'validation.invalid_choice' })
      .optional(),
  },
  { error: 'validation.invalid' },
);
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** A user's preferences as stored and answered. */
export interface NotificationPreferences {
  channels: ChannelPreferences;
  offline_delay_min: number;
  maintenance_percent: number;
  maintenance_days_before: number;
  flap_interval_min: number;
  quiet_hours: { start: string; end: string } | null;
  time_zone: string;
}

/** Preferences of a user who never saved any. */
export function defaultPreferences(): NotificationPreferences {
  return {
    channels: defaultChannels(),
    offline_delay_min: OFFLINE_DELAY_MIN_DEFAULT,
    maintenance_percent: MAINTENANCE_PERCENT_DEFAULT,
    maintenance_days_before: MAINTENANCE_DAYS_BEFORE_DEFAULT,
    flap_interval_min: FLAP_INTERVAL_MIN_DEFAULT,
    quiet_hours: null,
    time_zone: DEFAULT_TIME_ZONE,
  };
}

/** Stored preferences (possibly older, with fewer types) completed with the defaults. */
export function completePreferences(
  stored: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences {
  const base = defaultPreferences();
  if (!stored) return base;
  const channels = defaultChannels();
  for (const type of NOTIFICATION_TYPES)
    channels[type] = { ...channels[type], ...(stored.channels?.[type] ?? {}) };
  return {
    channels,
    offline_delay_min: stored.offline_delay_min ?? base.offline_delay_min,
    maintenance_percent: stored.maintenance_percent ?? base.maintenance_percent,
    maintenance_days_before: stored.maintenance_days_before ?? base.maintenance_days_before,
    flap_interval_min: stored.flap_interval_min ?? base.flap_interval_min,
    quiet_hours: stored.quiet_hours ?? null,
    time_zone: stored.time_zone ?? base.time_zone,
  };
}

/** Applies a PUT body to the current preferences. */
export function mergePreferences(
  current: NotificationPreferences,
  input: NotificationPreferencesInput,
): NotificationPreferences {
  const channels = { ...current.channels };
  for (const type of NOTIFICATION_TYPES) {
    const patch = input.channels?.[type];
    if (!patch) continue;
    const next = { ...channels[type] };
    for (const channel of NOTIFICATION_CHANNELS)
      if (patch[channel] !== undefined) next[channel] = patch[channel]!;
    channels[type] = next;
  }
  return {
    channels,
    offline_delay_min: input.offline_delay_min ?? current.offline_delay_min,
    maintenance_percent: input.maintenance_percent ?? current.maintenance_percent,
    maintenance_days_before: input.maintenance_days_before ?? current.maintenance_days_before,
    flap_interval_min: input.flap_interval_min ?? current.flap_interval_min,
    quiet_hours: input.quiet_hours === undefined ? current.quiet_hours : input.quiet_hours,
    time_zone: input.time_zone ?? current.time_zone,
  };
}

/**
 * True when `at` falls inside the quiet hours in `timeZone`: from `start` (included) to `end`
 * (excluded); a window whose end is before its start runs over midnight (22:00 to 07:00).
 */
export function inQuietHours(
  quiet: { start: string; end: string } | null,
  timeZone: string,
  at: Date,
): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hh = parts.find((p) => p.type === 'hour')!.value;
  const mm = parts.find((p) => p.type === 'minute')!.value;
  const now = `${hh}:${mm}`;
  return quiet.start < quiet.end
    ? now >= quiet.start && now < quiet.end
    : now >= quiet.start || now < quiet.end;
}

/**
 * Why a user's change, not the measure, stopped an alert: the rule disabled, edited (its state
 * starts afresh) or deleted while triggered, or a purifier it held unlinked from the sensor.
 */
export const ALERT_STOP_REASONS = ['disabled', 'edited', 'deleted', 'unlinked'] as const;
export type AlertStopReason = (typeof ALERT_STOP_REASONS)[number];

/** What a notification says, per type (snake_case, as answered by the API). */
export interface NotificationPayload {
  /** The machine's name when the event happened. */
  machine_name: string;
  /** Alert rules. */
  rule_ulid?: string | null;
  measure?: string;
  value?: number | null;
  threshold?: number;
  mode?: string;
  purifiers?: { ulid: string; name: string }[];
  /** An alert stopped by a user's change (absent when the measure went back under the band). */
  reason?: AlertStopReason;
  /** Who made that change: their account and their name at that moment. */
  stopped_by?: { ulid: string; name: string };
  /** Device offline / online: last time heard from. */
  last_seen_at?: string | null;
  offline_since?: string;
  /** Maintenance: which level and how low. */
  level?: string;
  percent?: number;
  /** Maintenance due soon: when the level reaches the replacement level at its pace. */
  due_at?: string;
  /** Air changes below target: measured (auto) and set, per hour, since when. */
  ach?: number | null;
  target_ach?: number;
  below_since?: string;
  /** Flapping: notifications of the same rule held back since the previous one. */
  suppressed?: { count: number; since: string };
  /** A webhook disabled after repeated failures. */
  webhook_url?: string;
  failures?: number;
  last_error?: string;
}

/** One notification as the API answers it. */
export interface Notification {
  '@id': string;
  '@type': 'Notification';
  id: string;
  type: NotificationType | AccountNotificationType;
  machine: { kind: 'purifier' | 'sensor'; ulid: string; '@id': string } | null;
  payload: NotificationPayload;
  created_at: string;
  read_at: string | null;
}

/** Socket.IO event to `user:<ulid>` for each new notification: the bell counts live. */
export interface NotificationEvent {
  notification: Notification;
  unread: number;
}

/** Socket.IO event to `user:<ulid>` after notifications were marked read. */
export interface NotificationsReadEvent {
  unread: number;
}

/** The body of `POST /api/notifications/read`: some ids, or every notification. */
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.string({ error: 'validation.invalid' }), { error: 'validation.invalid' })
        .min(1, { error: 'validation.required' })
        .max(500, { error: 'validation.max_value' }),
    }),
    z.strictObject({ all: z.literal(true, { error: 'validation.invalid' }) }),
  ],
  { error: 'validation.required' },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** Notifications about the account itself, not a machine (no preferences: always in-app). */
export const ACCOUNT_NOTIFICATION_TYPES = ['webhook_disabled'] as const;
export type AccountNotificationType = (typeof ACCOUNT_NOTIFICATION_TYPES)[number];

/** Webhooks a user may register. */
export const WEBHOOKS_PER_USER = 10;
/** Deliveries that failed for good in a row before a webhook is disabled. */
export const WEBHOOK_FAILURES_TO_DISABLE = 5;
/** A receiver should refuse a signature older than this (replay protection), in seconds. */
export const WEBHOOK_TOLERANCE_S = 300;
/** The headers of a signed delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-AirCloud-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-AirCloud-Timestamp';

/** The body of `POST /api/webhooks`: where to deliver, and optionally the shared secret. */
export const webhookInputSchema = z.strictObject(
  {
    url: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(2000, { error: 'validation.max_length' }),
    secret: z
      .string({ error: 'validation.invalid' })
      .min(16, { error: 'validation.invalid' })
      .max(200, { error: 'validation.max_length' })
      .optional(),
  },
  { error: 'validation.invalid' },
);
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** A webhook as the API answers it (`secret` only in the answer to its creation). */
export interface Webhook {
  '@id': string;
  '@type': 'Webhook';
  id: string;
  url: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_at: string | null;
  created_at: string;
  secret?: string;
}

/** One delivery attempt series of a notification to a webhook. */
export interface WebhookDelivery {
  '@id': string;
  '@type': 'WebhookDelivery';
  id: string;
  notification: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  status_code: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

/** Web Push: how long a push service keeps a message for an offline device (seconds). */
export const PUSH_TTL_S = 24 * 3600;
/** Push subscriptions a user may keep (one per browser and device). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

/**
 * True when `value` is base64url (padding allowed) of exactly `bytes` bytes; `point`: an
 * uncompressed P-256 point, whose first byte is 0x04 (base64url "B", then A..P).
 */
function isBase64Url(value: string, bytes: number, point = false): boolean {
  const bare = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(bare) || bare.length !== Math.ceil((bytes * 4) / 3)) return false;
  return !point || /^B[A-P]/.test(bare);
}

/**
 * The body of `POST /api/me/push_subscriptions`: what `PushSubscription.toJSON()` gives in a
 * browser. `keys.p256dh` is the browser's P-256 public key (65 bytes, uncompressed point) and
 * `keys.auth` its 16-byte authentication secret, both base64url (RFC 8291). The server also
 * wants the endpoint in https (WEBHOOK_ALLOW_PRIVATE lifts it, for a local push service).
 */
export const pushSubscriptionInputSchema = z.strictObject(
  {
    endpoint: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(2000, { error: 'validation.max_length' })
      .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: 'push_endpoint_invalid' }),
    expirationTime: z.number({ error: 'validation.invalid' }).nullable().optional(),
    keys: z.strictObject(
      {
        p256dh: z
          .string({ error: 'push_key_invalid' })
          .refine((v) => isBase64Url(v, 65, true), { error: 'push_key_invalid' }),
        auth: z
          .string({ error: 'push_key_invalid' })
          .refine((v) => isBase64Url(v, 16), { error: 'push_key_invalid' }),
      },
      { error: 'push_key_invalid' },
    ),
  },
  { error: 'validation.invalid' },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** The body (or `?endpoint=`) of `DELETE /api/me/push_subscriptions`. */
export const pushSubscriptionDeleteSchema = z.object({
  endpoint: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(2000, { error: 'validation.max_length' }),
});

/** A push subscription as the API answers it (the keys are not shown again). */
export interface PushSubscriptionInfo {
  endpoint: string;
  user_agent: string | null;
  created_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
}

/** `GET /api/me/push_public_key`: the key a browser subscribes with. */
export interface PushPublicKey {
  /** The application server key (VAPID, P-256, base64url); null when push is not set up. */
  public_key: string | null;
}

/** What the service worker receives in a push message (JSON, encrypted per RFC 8291). */
export interface PushMessage {
  /** The notification's id (also the tag: a repeated delivery replaces, never stacks). */
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  /** Where a click leads: the machine's page. */
  url: string;
}
