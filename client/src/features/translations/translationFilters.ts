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

/** True when the key has no text at all in `lang` (the client falls back to English there). */
export function isMissing(row: TranslationRow, lang: Language): boolean {
  return !effectiveText(row, lang);
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
