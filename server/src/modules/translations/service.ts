import { createHash } from 'node:crypto';
import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import { flattenCatalogue } from '@aircloud/shared/i18n/flatten';
import { resources } from '@aircloud/shared/i18n/resources';
import type {
  TranslationCatalogue,
  TranslationOverride,
  TranslationOverrides,
  TranslationRow,
} from '@aircloud/shared/translations';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { recordAudit, type AuditActor } from '@aircloud/core/audit/record';
import { cachedOverrides, loadTranslationOverrides } from '@aircloud/core/i18n/overrides-cache';
import * as repo from '@aircloud/core/i18n/overrides-repository';

/** The shipped texts per language, flattened once (the catalogues never change at run time). */
const BASE: Record<Language, Record<string, string>> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, flattenCatalogue(resources[lang])]),
) as Record<Language, Record<string, string>>;

/** Every key of the base catalogue of some language, sorted. */
const BASE_KEYS: string[] = [...new Set(LANGUAGES.flatMap((l) => Object.keys(BASE[l])))].sort();
const KNOWN_KEYS = new Set(BASE_KEYS);

/** True when the key exists in the base catalogue of at least one language. */
export function isCatalogueKey(key: string): boolean {
  return KNOWN_KEYS.has(key);
}

/** Every key with its base texts and overrides in the five languages (translations screen). */
export async function translationCatalogue(ctx: AppContext): Promise<TranslationCatalogue> {
  const saved = await repo.allOverrides(ctx.db);
  const overrides = new Map<string, TranslationRow['overrides']>();
  for (const row of saved) {
    if (!KNOWN_KEYS.has(row.key)) continue; // a key removed from the catalogues since
    const entry = overrides.get(row.key) ?? {};
    entry[row.lang as Language] = row.text;
    overrides.set(row.key, entry);
  }
  const members: TranslationRow[] = BASE_KEYS.map((key) => {
    const base: TranslationRow['base'] = {};
    for (const lang of LANGUAGES) {
      const text = BASE[lang][key];
      if (text !== undefined) base[lang] = text;
    }
    return { key, base, overrides: overrides.get(key) ?? {} };
  });
  return {
    '@context': '/api/contexts/Translation',
    '@id': '/api/translations',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
  };
}

/**
 * The public overrides of one language and their ETag (a hash of the body), from this
 * process's copy (kept fresh by the overrides middleware): every page load asks for them.
 */
export function publicOverrides(lang: Language): { body: TranslationOverrides; etag: string } {
  const body: TranslationOverrides = {};
  for (const [key, text] of [...cachedOverrides(lang)].sort(([a], [b]) => a.localeCompare(b)))
    if (KNOWN_KEYS.has(key)) body[key] = text;
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

/** The audit target of an override: `lang:key`. */
const overrideTarget = (lang: Language, key: string) =>
  ({ type: 'translation', id: `${lang}:${key}`, label: `${lang} · ${key}` }) as const;

/** Saves an administrator's text over the catalogue entry (lang, key), with its audit entry. */
export async function saveOverride(
  ctx: AppContext,
  admin: AuditActor,
  lang: Language,
  key: string,
  text: string,
): Promise<TranslationOverride> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockOverride(tx, lang, key);
    const saved = await repo.upsertOverride(tx, { lang, key, text, updatedBy: admin.id });
    if (before?.text !== saved.text)
      await recordAudit(tx, {
        actor: admin,
        action: 'translation_saved',
        target: overrideTarget(lang, key),
        change: { text: { from: before?.text ?? null, to: saved.text } },
      });
    return saved;
  });
  await loadTranslationOverrides(ctx.db);
  return {
    '@type': 'TranslationOverride',
    lang,
    key: row.key,
    text: row.text,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Removes the override of (lang, key), with its audit entry: the catalogue text applies again.
 * 404 when none.
 */
export async function revertOverride(
  ctx: AppContext,
  admin: AuditActor,
  lang: Language,
  key: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteOverride(tx, lang, key);
    if (!removed) throw new AppError(404, 'not_found');
    await recordAudit(tx, {
      actor: admin,
      action: 'translation_reverted',
      target: overrideTarget(lang, key),
      change: { text: { from: removed.text, to: null } },
    });
  });
  await loadTranslationOverrides(ctx.db);
}
