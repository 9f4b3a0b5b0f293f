import { LRUCache } from 'lru-cache';
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

type Overrides = Partial<Record<Language, Map<string, string>>>;

const COPY = 'overrides';

/**
 * This process's copy: one entry, trusted for OVERRIDES_TTL_MS, loaded by one fetch at a time.
 * Whatever copy is stored is the one translate() applies (a load overtaken by a newer one is
 * dropped). The clock is Date.now(), read at every check as before (tests move it).
 */
const copy = new LRUCache<typeof COPY, Overrides, { db: Database; logger?: Logger }>({
  max: 1,
  ttl: OVERRIDES_TTL_MS,
  perf: { now: () => Date.now() },
  ttlResolution: 0,
  onInsert: (overrides) => setTranslationOverrides(overrides),
  // A reload that an explicit load overtakes still answers its caller, without storing.
  ignoreFetchAbort: true,
  fetchMethod: async (_key, previous, { context }) => {
    try {
      return await readOverrides(context.db);
    } catch (err) {
      // The previous copy stays for another TTL: texts fall back to the catalogue meanwhile.
      context.logger?.warn({ err }, 'translation overrides could not be loaded');
      return previous ?? {};
    }
  },
});

async function readOverrides(db: Database): Promise<Overrides> {
  const byLang: Overrides = {};
  for (const row of await allOverrides(db)) {
    if (!isLanguage(row.lang)) continue;
    (byLang[row.lang] ??= new Map()).set(row.key, row.text);
  }
  return byLang;
}

/** This process's copy of the overrides of `lang` (key -> text), as translate() applies them. */
export function cachedOverrides(lang: Language): ReadonlyMap<string, string> {
  return copy.peek(COPY, { allowStale: true })?.[lang] ?? new Map();
}

/** Reads every override and hands them to the shared translate() of this process. */
export async function loadTranslationOverrides(db: Database): Promise<void> {
  copy.set(COPY, await readOverrides(db));
}

/**
 * Reloads the overrides when the copy is older than the TTL (one load at a time). A failure
 * keeps the previous copy: texts fall back to the catalogue, requests are never refused for it.
 */
export async function refreshTranslationOverrides(db: Database, logger?: Logger): Promise<void> {
  await copy.fetch(COPY, { context: { db, logger } });
}
