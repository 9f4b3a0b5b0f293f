import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  COMPLETE_LANGUAGES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  STORAGE_KEYS,
  type Language,
} from '@aircloud/shared/constants';
import { unflattenCatalogue } from '@aircloud/shared/i18n/flatten';
import type { Tree } from '@aircloud/shared/i18n/merge';

/** True when `value` is one of the five supported languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The supported language of a tag (`en-US` → en), or null. */
function supported(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  if (isLanguage(tag)) return tag;
  const primary = tag.split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/**
 * The language to show (spec section 1): the `lang` query parameter, else the stored choice, else
 * the browser's languages in order, else the default (fr), never the fallback. Hand-written: four
 * lookups, where the detector plugin cost 2 kB of the login page's JavaScript.
 */
export function detectLanguage(): Language {
  const fromQuery = () =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  const fromStorage = () => {
    try {
      return localStorage.getItem(STORAGE_KEYS.language);
    } catch {
      return null; // storage blocked: the next source decides
    }
  };
  const fromBrowser = () =>
    typeof navigator === 'undefined'
      ? null
      : (navigator.languages ?? [navigator.language]).map(supported).find((l) => l !== null);
  for (const source of [fromQuery, fromStorage, fromBrowser]) {
    const found = supported(source());
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

type Importer = () => Promise<{ catalogue: Tree }>;

/**
 * Two chunks per language: the texts of the public screens (what the login page needs first,
 * ui + accounts + errors) and the whole catalogue, loaded with the first signed-in page. The
 * browser downloads only the languages it shows.
 */
const CATALOGUES: Record<'public' | 'all', Record<Language, Importer>> = {
  public: {
    fr: () => import('@aircloud/shared/i18n/catalogues/fr-public'),
    en: () => import('@aircloud/shared/i18n/catalogues/en-public'),
    de: () => import('@aircloud/shared/i18n/catalogues/de-public'),
    es: () => import('@aircloud/shared/i18n/catalogues/es-public'),
    zh: () => import('@aircloud/shared/i18n/catalogues/zh-public'),
  },
  all: {
    fr: () => import('@aircloud/shared/i18n/catalogues/fr'),
    en: () => import('@aircloud/shared/i18n/catalogues/en'),
    de: () => import('@aircloud/shared/i18n/catalogues/de'),
    es: () => import('@aircloud/shared/i18n/catalogues/es'),
    zh: () => import('@aircloud/shared/i18n/catalogues/zh'),
  },
};

/** The i18next instance of the client: catalogues from shared, fr by default, en as fallback. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: detectLanguage(),
  resources: {},
  partialBundledLanguages: true,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Components re-render when texts are added: an override saved on /translations shows at once.
  react: { bindI18nStore: 'added' },
});

/**
 * The language in use, one of the supported ones. Before its texts are loaded i18next has no
 * resolved language and `language` is the detected tag (`en-US` from the browser): its
 * primary subtag counts, so an English browser gets English, not the default.
 */
export function currentLanguage(): Language {
  for (const tag of [i18n.resolvedLanguage, i18n.language]) {
    if (isLanguage(tag)) return tag;
    const primary = tag?.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** How long a fetch of the overrides may hold the first render back. */
const OVERRIDES_TIMEOUT_MS = 3000;

/**
 * The texts administrators saved over the catalogue of `lang` (GET /api/translations/{lang}/
 * overrides, revalidated with its ETag). Any failure gives none: the catalogue alone is shown.
 */
export async function fetchOverrides(lang: Language): Promise<Record<string, string>> {
  try {
    const res = await fetch(`/api/translations/${lang}/overrides`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(OVERRIDES_TIMEOUT_MS),
    });
    if (!res.ok) return {};
    const body: unknown = await res.json();
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** Whether a signed-in page asked for the whole catalogue: a language switch loads it too. */
let wholeCatalogueWanted = false;
/** What is loaded or loading, per language and part, so nothing is fetched twice. */
const loading = new Map<string, Promise<void>>();
/** The administrators' overrides of each language, fetched once, laid over every part. */
const overridesOf = new Map<Language, Promise<Record<string, string>>>();

function loadPart(lang: Language, part: 'public' | 'all'): Promise<void> {
  const id = `${lang}:${part}`;
  let found = loading.get(id);
  if (!found) {
    if (!overridesOf.has(lang)) overridesOf.set(lang, fetchOverrides(lang));
    found = Promise.all([CATALOGUES[part][lang](), overridesOf.get(lang)!]).then(
      ([{ catalogue }, overrides]) => {
        i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
        if (Object.keys(overrides).length > 0)
          i18n.addResourceBundle(lang, 'translation', unflattenCatalogue(overrides), true, true);
      },
    );
    // A failed chunk may be retried by the next call.
    found.catch(() => loading.delete(id));
    loading.set(id, found);
  }
  return found;
}

/**
 * Adds the texts of `lang` (the public screens' part, or the whole catalogue once a signed-in
 * page asked for it), and the fallback language's when `lang` may lack some (de, es): the
 * shipped catalogue, then the administrators' overrides over it.
 */
export async function loadLanguage(lang: Language): Promise<void> {
  const needed = COMPLETE_LANGUAGES.includes(lang) ? [lang] : [lang, FALLBACK_LANGUAGE];
  const part = wholeCatalogueWanted ? 'all' : 'public';
  await Promise.all(needed.map((l) => loadPart(l, part)));
}

/**
 * Starts downloading the whole catalogue of the language in use without adding it yet: with a
 * session likely (the session hint), the first page will be a signed-in one and wait for it
 * (loadWholeCatalogue), so it loads beside the current user instead of after.
 */
export function warmWholeCatalogue(): void {
  const lang = currentLanguage();
  const needed = COMPLETE_LANGUAGES.includes(lang) ? [lang] : [lang, FALLBACK_LANGUAGE];
  for (const l of needed) CATALOGUES.all[l]().catch(() => undefined);
}

/** The whole catalogue of the language in use: signed-in pages wait for it before they render. */
export function loadWholeCatalogue(): Promise<void> {
  wholeCatalogueWanted = true;
  return loadLanguage(currentLanguage());
}

/** Shows a text saved on the translations screen at once in this tab (if `lang` is loaded). */
export function applyText(lang: Language, key: string, text: string): void {
  if (!i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', unflattenCatalogue({ [key]: text }), true, true);
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
