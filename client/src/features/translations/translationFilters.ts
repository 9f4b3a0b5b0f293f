import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import type { TranslationRow } from '@aircloud/shared/translations';

/** What the screen's toolbar asks for. `lang` '' means every language. */
export interface TranslationFilter {
  search: string;
  lang: Language | '';
  missingOnly: boolean;
}

/** The text a client shows for (row, lang): the override, else the catalogue text. */
export function effectiveText(row: TranslationRow, lang: Language): string | undefined {
  return row.overrides[lang] ?? row.base[lang];
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const categoriesByLang = new Map<string, ReadonlySet<string>>();

/** The plural categories `lang` distinguishes (CLDR, e.g. zh: other; fr: one, many, other). */
export function pluralCategories(lang: string): ReadonlySet<string> {
  let categories = categoriesByLang.get(lang);
  if (!categories) {
    categories = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
    categoriesByLang.set(lang, categories);
  }
  return categories;
}

/**
 * Whether `lang` uses the key at all: an i18next plural form (`x_one`, `x_few`…) only exists
 * in the languages whose plural rules have that category (Chinese has no `one`: `x_other` is
 * its only form), every other key is needed everywhere.
 */
export function isNeeded(key: string, lang: Language): boolean {
  const suffix = PLURAL_SUFFIX.exec(key)?.[1];
  return !suffix || pluralCategories(lang).has(suffix);
}

/** True when `lang` needs the key and has no text for it (the client falls back to English). */
export function isMissing(row: TranslationRow, lang: Language): boolean {
  return isNeeded(row.key, lang) && !effectiveText(row, lang);
}

/**
 * The rows matching the filter: the search matches the key or a text (of the chosen language,
 * or of any), case-insensitively; 'missing' keeps the keys without text in the chosen language
 * (in at least one language when none is chosen).
 */
export function filterTranslations(
  rows: readonly TranslationRow[],
  { search, lang, missingOnly }: TranslationFilter,
): TranslationRow[] {
  const langs: readonly Language[] = lang ? [lang] : LANGUAGES;
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (missingOnly && !langs.some((l) => isMissing(row, l))) return false;
    if (!needle) return true;
    if (row.key.toLowerCase().includes(needle)) return true;
    return langs.some((l) => effectiveText(row, l)?.toLowerCase().includes(needle));
  });
}
