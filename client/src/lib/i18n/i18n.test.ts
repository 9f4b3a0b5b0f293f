import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage } from './i18n.ts';

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

describe('loading the texts', () => {
  it('loads the public texts first, the whole catalogue for signed-in pages, the fallback only for de and es', async () => {
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(String(input));
      const overrides = String(input).includes('/fr/') ? { 'login.title': 'Bienvenue' } : {};
      return new Response(JSON.stringify(overrides), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    browser(['fr-FR']);
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    await fresh.i18nReady;
    expect(fresh.i18n.t('login.title')).toBe('Bienvenue');
    expect(fresh.i18n.exists('purifiers.title')).toBe(false);
    expect(fresh.i18n.hasResourceBundle('en', 'translation')).toBe(false);

    await fresh.loadWholeCatalogue();
    expect(fresh.i18n.t('purifiers.title')).toBe('Mes purificateurs');
    // The overrides lie over every part, the whole catalogue included.
    expect(fresh.i18n.t('login.title')).toBe('Bienvenue');

    await fresh.showLanguage('de');
    expect(fresh.i18n.exists('purifiers.title', { lng: 'de' })).toBe(true);
    expect(fresh.i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(fetched).toEqual([
      '/api/translations/fr/overrides',
      '/api/translations/de/overrides',
      '/api/translations/en/overrides',
    ]);
  });
});
