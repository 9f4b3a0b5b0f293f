import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  STORAGE_KEYS,
  type Language,
} from '@aircloud/shared/constants';
import type { Tree } from '@aircloud/shared/i18n/merge';

/** True when `value` is one of the five supported languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const detector = new LanguageDetector();
// Last in the detection order: when nothing supported was found, the default (fr) applies, not the fallback.
detector.addDetector({ name: 'productDefault', lookup: () => DEFAULT_LANGUAGE });

/** One chunk per language: the browser downloads only the languages it shows. */
const CATALOGUES: Record<Language, () => Promise<{ catalogue: Tree }>> = {
  fr: () => import('@aircloud/shared/i18n/catalogues/fr'),
  en: () => import('@aircloud/shared/i18n/catalogues/en'),
  de: () => import('@aircloud/shared/i18n/catalogues/de'),
  es: () => import('@aircloud/shared/i18n/catalogues/es'),
  zh: () => import('@aircloud/shared/i18n/catalogues/zh'),
};

/** The i18next instance of the client: catalogues from shared, fr by default, en as fallback. */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(detector)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    detection: {
      order: ['querystring', 'localStorage', 'navigator', 'productDefault'],
      lookupQuerystring: 'lang',
      lookupLocalStorage: STORAGE_KEYS.language,
      // Only an explicit choice is stored (see chooseLanguage).
      caches: [],
    },
  });

/** The language in use, one of the supported ones. */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Adds the texts of `lang` and of the fallback language, unless they are already there. */
export async function loadLanguage(lang: Language): Promise<void> {
  const missing = [...new Set([lang, FALLBACK_LANGUAGE])].filter(
    (l) => !i18n.hasResourceBundle(l, 'translation'),
  );
  await Promise.all(
    missing.map(async (l) => {
      const { catalogue } = await CATALOGUES[l]();
      i18n.addResourceBundle(l, 'translation', catalogue, true, true);
    }),
  );
}

/** Resolves once the detected language can be shown: the app renders after it. */
export const i18nReady: Promise<void> = loadLanguage(currentLanguage());

/** Shows the interface in `lang` (loading its texts first), without remembering the choice. */
export async function showLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** Switches the interface language and remembers the choice. */
export function chooseLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  return showLanguage(lang);
}

function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}
syncDocumentLanguage();
i18n.on('languageChanged', syncDocumentLanguage);
