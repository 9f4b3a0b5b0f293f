/**
 * The purifier's modes, states and schedule times as plain values, without zod: the client's
 * purifier list loads them without the schemas (purifiers.ts re-exports them).
 */

/** Purifier modes, weakest first (a triggered rule takes the strongest: boost > auto > silence > off). */
export const PURIFIER_MODES = ['off', 'silence', 'auto', 'boost'] as const;
export type PurifierMode = (typeof PURIFIER_MODES)[number];
export const DEFAULT_PURIFIER_MODE: PurifierMode = 'auto';

/** Device state (spec section 3). */
export const PURIFIER_STATES = ['operational', 'warning', 'alert'] as const;
export type PurifierState = (typeof PURIFIER_STATES)[number];

/** Network state, derived from when the device was last heard from. */
export const WIFI_STATES = ['connected', 'disconnected', 'not_configured'] as const;
export type WifiState = (typeof WIFI_STATES)[number];

/** "HH:mm", 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
