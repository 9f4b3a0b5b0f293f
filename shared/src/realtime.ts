import type {
  DesiredState,
  MaintenanceLevels,
  Purifier,
  PurifierMode,
  PurifierState,
  WifiState,
} from './purifiers.ts';
import type { SensorSample } from './sensors.ts';
import type { Me } from './users.ts';
import type { NetworkEvent } from './network-events.ts';

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

/** The acknowledgement of `subscribe`: the snapshot first, then updates follow as events. */
export type SubscribeAck =
  | { ok: true; purifier: Purifier }
  | { ok: true; sensor: SensorSnapshot }
  | { ok: false; error: 'not_found' | 'invalid' };

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
  /** A network-management (Meraki) event was received for one of the user's purifiers. */
  'network-event:created': (event: NetworkEvent) => void;
}

/** Events a browser socket may send. */
export interface ClientToServerEvents {
  ping: (ack: (at: string) => void) => void;
  /**
   * Follow a purifier or a sensor (same access rule as the REST API). The ack carries the
   * snapshot; a reconnecting socket subscribes again and gets a fresh one (catch-up).
   */
  subscribe: (target: SubscriptionTarget, ack: (res: SubscribeAck) => void) => void;
  unsubscribe: (target: SubscriptionTarget, ack?: (res: { ok: boolean }) => void) => void;
}

/** Name of the Socket.IO room that reaches every socket of one user. */
export const userRoom = (userUlid: string) => `user:${userUlid}`;
/** Room of the browsers following one purifier. */
export const purifierRoom = (purifierUlid: string) => `purifier:${purifierUlid}`;
/** Room of the browsers following one sensor. */
export const sensorRoom = (sensorUlid: string) => `sensor:${sensorUlid}`;
