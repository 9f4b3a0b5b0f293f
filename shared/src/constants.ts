/** Business constants and limits of spec section 9. */
export const PAGE_SIZE = 20;
export const LANGUAGES = ['fr', 'en', 'de', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const FALLBACK_LANGUAGE: Language = 'en';
/** The theme a user chooses in the user menu: follow the system, or force light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeChoice = 'system';
/**
 * Languages whose catalogue has every key (the i18n check requires it): a reader of one of them
 * never needs the fallback's texts; de and es may lag and load English beside their own.
 */
export const COMPLETE_LANGUAGES: readonly Language[] = ['fr', 'en', 'zh'];
export const PASSWORD_MIN_LENGTH = 8;
export const SHORT_NAME_MAX = 20;
export const PURIFIERS_PER_SENSOR_MAX = 8;
/** The most people a room's occupancy (for clean air per person) may say. */
export const OCCUPANTS_MAX = 1000;
export const SENSOR_IMPORT_MAX_BYTES = 30 * 1024 * 1024;
export const FIRMWARE_MAX_BYTES = 200 * 1024 * 1024;
export const TRH_CHOICES = [5, 10, 15] as const;
export const ISO_THRESHOLD_MIN = 5;
export const ISO_THRESHOLD_MAX = 9;
export const TIME_ZONE = 'Europe/Paris';
export const INFO_NOTIFICATION_TIMEOUT_MS = 2500;
export const POPIN_CLOSE_DELAY_MS = 250;
export const POPIN_FOCUS_DELAY_MS = 50;
export const BUMP_ANIMATION_MS = 200;
export const LISTBOX_TYPEAHEAD_RESET_MS = 350;
export const DEFAULT_DEBOUNCE_MS = 50;
export const SPINNER_SIZES = [20, 24, 32, 48] as const;
/** Lifetimes of security artefacts. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const ACTIVATION_CODE_TTL_SECONDS = 7 * 24 * 3600;
export const RESET_CODE_TTL_SECONDS = 3600;
export const API_TOKEN_VALIDITY_DAYS = 365;
/** Local storage keys of the client. */
export const STORAGE_KEYS = {
  language: 'aircloud.lang',
  /** 'system', 'light' or 'dark'; read before the first paint by client/public/theme-init.js. */
  theme: 'aircloud.theme',
  hiddenTips: 'aircloud.hidden-tips',
  reloadMarker: 'aircloud.reload-id',
} as const;
