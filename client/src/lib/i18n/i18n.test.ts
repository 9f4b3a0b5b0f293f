import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, i18n, loadLanguage } from './i18n.ts';

function browser(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  localStorage.removeItem(STORAGE_KEYS.language);
  window.history.replaceState(null, '', '/');
});

describe('detectLanguage (spec section 1: query, stored choice, browser, else fr)', () => {
  it('takes the lang query parameter before anything else', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    browser(['en-US']);
    window.history.replaceState(null, '', '/login?lang=es');
    expect(detectLanguage()).toBe('es');
  });

  it('takes the stored choice before the browser', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    browser(['en-US']);
    expect(detectLanguage()).toBe('de');
  });

  it("takes the browser's first supported language, by its primary subtag", () => {
    browser(['ja-JP', 'zh-CN', 'en']);
    expect(detectLanguage()).toBe('zh');
  });

  it('falls back to French, not English, when nothing is supported; ignores unknown values', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    window.history.replaceState(null, '', '/login?lang=xx');
    browser(['ja']);
    expect(detectLanguage()).toBe('fr');
  });
});

describe('loadLanguage', () => {
  it('loads the English fallback only for the languages that may lag (de, es)', async () => {
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(String(input));
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    });
    for (const lang of ['fr', 'en', 'de', 'es', 'zh'] as const)
      i18n.removeResourceBundle(lang, 'translation');
    await loadLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await loadLanguage('de');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(fetched).toEqual([
      '/api/translations/fr/overrides',
      '/api/translations/de/overrides',
      '/api/translations/en/overrides',
    ]);
  });
});
