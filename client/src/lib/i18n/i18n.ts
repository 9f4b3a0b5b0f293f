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
import { resources } from '@aircloud/shared/i18n/resources';

/** True when `value` is one of the five supported languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const detector = new LanguageDetector();
// Last in the detection order: when nothing supported was found, the default (fr) applies, not the fallback.
detector.addDetector({ name: 'productDefault', lookup: () => DEFAULT_LANGUAGE });

/** The i18next instance of the client: catalogues from shared, fr by default, en as fallback. */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(detector)
  .use(initReactI18next)
  .init({
    resources: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, { translation: resources[lang] }]),
    ) as Record<Language, { translation: Record<string, unknown> }>,
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

/** Switches the interface language and remembers the choice. */
export function chooseLanguage(lang: Language): Promise<unknown> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  return i18n.changeLanguage(lang);
}

function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}
syncDocumentLanguage();
i18n.on('languageChanged', syncDocumentLanguage);
