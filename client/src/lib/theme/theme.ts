import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, THEMES, type ThemeChoice } from '@aircloud/shared/constants';

/** The user's choice in the user menu (stored on the profile): follow the system, or force light or dark. */
export type { ThemeChoice };
/** What the page shows: on `<html data-theme>`, with `color-scheme` following. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = THEMES;

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The stored choice ('system' when none or when storage is refused). */
export function storedThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return isThemeChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The theme shown for a choice: 'system' follows `prefers-color-scheme`. */
export function resolveTheme(choice: ThemeChoice, prefersDark = systemPrefersDark()): Theme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** Puts the resolved theme on `<html>` (the same thing public/theme-init.js does before paint). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
let current: ThemeChoice = 'system';

function notify(): void {
  applyTheme(resolveTheme(current));
  for (const listener of listeners) listener();
}

/**
 * Applies the choice at once and keeps it in local storage, the cache public/theme-init.js reads
 * before the first paint (the profile, saved by the user menu, is where the choice lives).
 */
export function chooseTheme(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEYS.theme);
    else localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  notify();
}

/** The choice the page shows now. */
export function currentThemeChoice(): ThemeChoice {
  return current;
}

/**
 * The signed-in user's profile choice wins over this browser's cache once /api/me has loaded (a
 * choice made on another browser applies here at sign-in); nothing happens when they agree.
 */
export function followProfileTheme(choice: ThemeChoice | undefined): void {
  if (!isThemeChoice(choice) || (choice === current && choice === storedThemeChoice())) return;
  chooseTheme(choice);
}

let stopFollowing: (() => void) | null = null;

/**
 * Reads the stored choice, applies it and follows the system while the choice is 'system'
 * (and another tab's choice through the storage event). Called once at start-up; calling it
 * again starts over.
 */
export function startTheme(): void {
  stopFollowing?.();
  current = storedThemeChoice();
  applyTheme(resolveTheme(current));
  const onSystemChange = () => {
    if (current === 'system') notify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    current = storedThemeChoice();
    notify();
  };
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  stopFollowing = () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => current);
}
