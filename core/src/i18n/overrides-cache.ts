import type { Logger } from 'pino';
import type { Language } from '@aircloud/shared/constants';
import { setTranslationOverrides } from '@aircloud/shared/i18n/translate';
import { isLanguage } from '@aircloud/shared/translations';
import type { Database } from '../db/client.ts';
import { allOverrides } from './overrides-repository.ts';

/**
 * How long a process trusts its copy of the overrides. Every server and worker process reloads
 * the (small) table at most this often, so an override saved on one node shows in the error
 * texts and mails of every other node within this delay; the saving node reloads at once.
 */
export const OVERRIDES_TTL_MS = 5_000;

let loadedAt = -Infinity;
let loading: Promise<void> | null = null;
let current: Partial<Record<Language, Map<string, string>>> = {};

/** This process's copy of the overrides of `lang` (key -> text), as translate() applies them. */
export function cachedOverrides(lang: Language): ReadonlyMap<string, string> {
  return current[lang] ?? new Map();
}

/** Reads every override and hands them to the shared translate() of this process. */
export async function loadTranslationOverrides(db: Database): Promise<void> {
  const byLang: Partial<Record<Language, Map<string, string>>> = {};
  for (const row of await allOverrides(db)) {
    if (!isLanguage(row.lang)) continue;
    (byLang[row.lang] ??= new Map()).set(row.key, row.text);
  }
  current = byLang;
  setTranslationOverrides(byLang);
  loadedAt = Date.now();
}

/**
 * Reloads the overrides when the copy is older than the TTL (one load at a time). A failure
 * keeps the previous copy: texts fall back to the catalogue, requests are never refused for it.
 */
export async function refreshTranslationOverrides(db: Database, logger?: Logger): Promise<void> {
  if (Date.now() - loadedAt < OVERRIDES_TTL_MS) return;
  loading ??= loadTranslationOverrides(db)
    .catch((err: unknown) => {
      loadedAt = Date.now();
      logger?.warn({ err }, 'translation overrides could not be loaded');
    })
    .finally(() => {
      loading = null;
    });
  await loading;
}
