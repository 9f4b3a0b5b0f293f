import type { NotificationEvent, NotificationsReadEvent } from './notifications.ts';
import type {
  DesiredState,
  MaintenanceLevels,
  Purifier,
  PurifierMode,
  PurifierState,
  WifiState,
} from './purifiers.ts';
import type { Sensor, SensorImport, SensorSample } from './sensors.ts';
import type { AlertTriggerEvent } from './alert-rules.ts';
import type { AccessRevokedEvent, InvitationChangedEvent } from './invitations.ts';
import type { Me } from './users.ts';
import type { NetworkEvent } from './network-events.ts';
import type { FleetSummary } from './fleet.ts';

/** What a browser subscribes to: one purifier or one sensor, by ulid. */
export type SubscriptionTarget = { purifier: string } | { sensor: string };

/** The live part of a purifier, pushed on `purifier:updated` (room `purifier:<ulid>`). */
export interface PurifierLive {
  ulid: string;
  state: PurifierState;
  wifi_state: WifiState;
  /** Desired mode. */
  mode: PurifierMode;
  reported_mode: PurifierMode | null;
  /** The desired state is not acknowledged by the device yet. */
  pending: boolean;
  desired: DesiredState;
  maintenance_levels: MaintenanceLevels;
  last_seen_at: string | null;
}

/** New samples of one sensor (room `sensor:<ulid>`), oldest first. */
export interface SensorSamplesEvent {
  sensor: string;
  samples: SensorSample[];
}

/** The live network state of a sensor (`sensor:updated`). */
export interface SensorLive {
  ulid: string;
  wifi_state: WifiState;
  last_seen_at: string | null;
}

/** A sensor's state when subscribing: its last sample, if any. */
export interface SensorSnapshot {
  sensor: string;
  last_sample: SensorSample | null;
  wifi_state: WifiState;
  last_seen_at: string | null;
}

/**
 * What the ack of any event receives when the socket sent more events than it may (a few per
 * second on `/public`, more on the other namespaces); a socket that keeps on is disconnected.
 */
export interface TooManyRequestsAck {
  ok: false;
  error: 'too_many_requests';
}

/** The acknowledgement of `subscribe`: the snapshot first, then updates follow as events. */
export type SubscribeAck =
  | { ok: true; purifier: Purifier }
  | { ok: true; sensor: SensorSnapshot }
  | { ok: false; error: 'not_found' | 'invalid' }
  | TooManyRequestsAck;

/** Events the server pushes to a browser socket (default namespace; room `user:<ulid>`). */
export interface ServerToClientEvents {
  /** The current user changed (profile, role, invitation count): replace the cached `me`. */
  'me:updated': (me: Me) => void;
  /** The session ended on the server (logout elsewhere, account removed): sign out. */
  'session:revoked': () => void;
  /** A subscribed purifier changed (state, wifi, desired/reported mode, maintenance levels). */
  'purifier:updated': (purifier: PurifierLive) => void;
  /** A subscribed sensor's network state changed. */
  'sensor:updated': (sensor: SensorLive) => void;
  /** New samples of a subscribed sensor. */
  'sensor:samples': (event: SensorSamplesEvent) => void;
  /** A subscribed sensor's settings changed (name, short name, public view, linked purifiers). */
  'sensor:changed': (sensor: Sensor) => void;
  /** An import of a subscribed sensor progressed, finished, failed or was cancelled. */
  'sensor-import:updated': (sensorImport: SensorImport) => void;
  /** A network-management (Meraki) event was received for one of the user's purifiers. */
  'network-event:created': (event: NetworkEvent) => void;
  /**
   * The user lost access to these machines (invitation revoked, left, machine taken out of a
   * share): their sockets already left the rooms; pages showing them show not-found.
   */
  'access:revoked': (event: AccessRevokedEvent) => void;
  /** An invitation the user sent or received was changed by the other side: refetch the lists. */
  'invitation:changed': (event: InvitationChangedEvent) => void;
  /** An alert rule of a sensor the user sees triggered or stopped (room `user:<ulid>`). */
  'alert-trigger:created': (event: AlertTriggerEvent) => void;
  /** A new notification for the user, with their unread count (the bell counts live). */
  'notification:created': (event: NotificationEvent) => void;
  /** The user marked notifications read (another tab follows): the new unread count. */
  'notifications:read': (event: NotificationsReadEvent) => void;
  /** The fleet view's summary (room `fleet`, technicians and admins), at most every 5 s. */
  'fleet:summary': (summary: FleetSummary) => void;
  /** The socket left the fleet channel: the user's role no longer allows it. */
  'fleet:closed': () => void;
}

/** Events a browser socket may send. */
export interface ClientToServerEvents {
  /** The server's time (TooManyRequestsAck past the socket's limit). */
  ping: (ack: (at: string | TooManyRequestsAck) => void) => void;
  /**
   * Follow a purifier or a sensor (same access rule as the REST API). The ack carries the
   * snapshot; a reconnecting socket subscribes again and gets a fresh one (catch-up).
   */
  subscribe: (target: SubscriptionTarget, ack: (res: SubscribeAck) => void) => void;
  unsubscribe: (
    target: SubscriptionTarget,
    ack?: (res: { ok: boolean } | TooManyRequestsAck) => void,
  ) => void;
  /** Follow the fleet view (technicians and admins): the ack carries the summary. */
  'fleet:subscribe': (ack: (res: FleetSubscribeAck) => void) => void;
  'fleet:unsubscribe': () => void;
}

/** The acknowledgement of `fleet:subscribe`. */
export type FleetSubscribeAck =
  { ok: true; summary: FleetSummary } | { ok: false; error: 'forbidden' } | TooManyRequestsAck;

/** Room of the sockets following the fleet view. */
export const FLEET_ROOM = 'fleet';

/** Name of the Socket.IO room that reaches every socket of one user. */
export const userRoom = (userUlid: string) => `user:${userUlid}`;
/** Room of the browsers following one purifier. */
export const purifierRoom = (purifierUlid: string) => `purifier:${purifierUlid}`;
/** Room of the browsers following one sensor. */
export const sensorRoom = (sensorUlid: string) => `sensor:${sensorUlid}`;

/** The Socket.IO namespace of anonymous sockets following public sensors (/sensor-graph/…). */
export const PUBLIC_NAMESPACE = '/public';

/** A public sensor stopped being public, or was deleted: the socket left its room. */
export interface SensorClosedEvent {
  sensor: string;
}

/**
 * The acknowledgement of `subscribe` on the public namespace; `too_many_requests` also when the
 * socket already follows as many sensors as it may.
 */
export type PublicSubscribeAck =
  | { ok: true; sensor: SensorSnapshot }
  | { ok: false; error: 'not_found' | 'invalid' }
  | TooManyRequestsAck;

/** Events the server pushes to an anonymous socket of the public namespace. */
export interface PublicServerToClientEvents {
  /** New samples of a followed public sensor. */
  'sensor:samples': (event: SensorSamplesEvent) => void;
  /** The sensor is no longer public (or was deleted): stop showing it (the page answers 404). */
  'sensor:closed': (event: SensorClosedEvent) => void;
}

/** Events an anonymous socket of the public namespace may send. */
export interface PublicClientToServerEvents {
  /** Follow a public sensor; the ack carries the snapshot, or not_found when it is not public. */
  subscribe: (target: { sensor: string }, ack: (res: PublicSubscribeAck) => void) => void;
  unsubscribe: (
    target: { sensor: string },
    ack?: (res: { ok: boolean } | TooManyRequestsAck) => void,
  ) => void;
}
