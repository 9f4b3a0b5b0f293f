import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../constants.ts';
import { resources } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Texts administrators saved over the catalogues (flat dotted keys), per language. */
let overrides: Partial<Record<Language, ReadonlyMap<string, string>>> = {};

/**
 * Replaces the overrides translate() applies (the server and the worker load them from the
 * translation_overrides table and call this when they change).
 */
export function setTranslationOverrides(
  next: Partial<Record<Language, ReadonlyMap<string, string>>>,
): void {
  overrides = next;
}

/** Picks a supported language from a tag such as `fr-FR`, or from an Accept-Language header. */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase().slice(0, 2), q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q);
  const found = tags.find((t) => (LANGUAGES as readonly string[]).includes(t.tag));
  return (found?.tag as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * Server-side translation (API error texts, mails): the key in `lang` (an administrator's
 * override first), else in the fallback language, else the key itself; `{{name}}` placeholders are filled from `values`.
 */
export function translate(
  lang: Language,
  key: string,
  values: Record<string, unknown> = {},
): string {
  const text =
    overrides[lang]?.get(key) ??
    lookup(resources[lang] as Tree, key) ??
    overrides[FALLBACK_LANGUAGE]?.get(key) ??
    lookup(resources[FALLBACK_LANGUAGE] as Tree, key) ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
