import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';

/** Longest text an administrator may save over a catalogue entry. */
export const TRANSLATION_TEXT_MAX = 2000;

/** PUT /api/translations/{lang}/{key} body. */
export const translationOverrideWriteSchema = z.strictObject({
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(TRANSLATION_TEXT_MAX, 'validation.max_length'),
});
export type TranslationOverrideWrite = z.infer<typeof translationOverrideWriteSchema>;

/** True when `value` is one of the supported languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One key of the translations screen: its base text and override in every language. */
export interface TranslationRow {
  key: string;
  /** Text of the shipped catalogue, per language (absent: missing in that language). */
  base: Partial<Record<Language, string>>;
  /** Text saved by an administrator, per language. */
  overrides: Partial<Record<Language, string>>;
}

/** GET /api/translations answer: every key, sorted. */
export interface TranslationCatalogue {
  '@context': '/api/contexts/Translation';
  '@id': '/api/translations';
  '@type': 'hydra:Collection';
  'hydra:member': TranslationRow[];
  'hydra:totalItems': number;
}

/** PUT answer and the public overrides map of one language (flat dotted key -> text). */
export interface TranslationOverride {
  '@type': 'TranslationOverride';
  lang: Language;
  key: string;
  text: string;
  updated_at: string;
}
export type TranslationOverrides = Record<string, string>;
