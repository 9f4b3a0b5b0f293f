import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import themeInit from '../../../public/theme-init.js?raw';
import { chooseTheme, resolveTheme, startTheme, storedThemeChoice } from './theme.ts';

/** A system colour scheme that the test can switch, like the OS setting. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const html = document.documentElement;

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    delete html.dataset.theme;
    html.style.colorScheme = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('resolves "system" from prefers-color-scheme and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the system by default, live, and sets color-scheme with data-theme', () => {
    const system = fakeSystemScheme(true);
    startTheme();
    expect(storedThemeChoice()).toBe('system');
    expect(html.dataset.theme).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');
    system.set(false);
    expect(html.dataset.theme).toBe('light');
    expect(html.style.colorScheme).toBe('light');
  });

  it('stores a choice beside the language and stops following the system until "system"', () => {
    const system = fakeSystemScheme(false);
    startTheme();
    chooseTheme('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html.dataset.theme).toBe('dark');
    system.set(false);
    expect(html.dataset.theme).toBe('dark');
    chooseTheme('system');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(html.dataset.theme).toBe('light');
    system.set(true);
    expect(html.dataset.theme).toBe('dark');
  });

  it('ignores a stored value that is not a choice', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(storedThemeChoice()).toBe('system');
  });

  it('sets the stored theme before the app starts (public/theme-init.js, same key)', () => {
    const run = () => new Function(themeInit)() as void;
    fakeSystemScheme(true);
    run();
    expect(html.dataset.theme).toBe('dark');
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    run();
    expect(html.dataset.theme).toBe('light');
    expect(html.style.colorScheme).toBe('light');
    fakeSystemScheme(false);
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    run();
    expect(html.dataset.theme).toBe('dark');
  });
});
