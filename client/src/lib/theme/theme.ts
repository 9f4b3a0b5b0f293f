import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@aircloud/shared/constants';

/** The user's choice in the user menu: follow the system, or force light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
/** What the page shows: on `<html data-theme>`, with `color-scheme` following. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

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

/** Stores the choice beside the language and applies it at once. */
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
