import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '@aircloud/shared/constants';
import type { Database } from '../db/client.ts';
import { translationOverrides } from '../db/schema/index.ts';

export type TranslationOverrideRow = typeof translationOverrides.$inferSelect;

/** Every override of every language (a few rows: the whole table is cached per process). */
export function allOverrides(db: Database): Promise<TranslationOverrideRow[]> {
  return db.select().from(translationOverrides).orderBy(asc(translationOverrides.key));
}

/** Inserts or replaces the override of (lang, key). */
export async function upsertOverride(
  db: Database,
  values: { lang: Language; key: string; text: string; updatedBy: string },
): Promise<TranslationOverrideRow> {
  const now = new Date();
  const [row] = await db
    .insert(translationOverrides)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [translationOverrides.lang, translationOverrides.key],
      set: { text: values.text, updatedBy: values.updatedBy, updatedAt: now },
    })
    .returning();
  return row!;
}

/** Deletes the override of (lang, key); true when there was one. */
export async function deleteOverride(db: Database, lang: Language, key: string): Promise<boolean> {
  const rows = await db
    .delete(translationOverrides)
    .where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)))
    .returning({ key: translationOverrides.key });
  return rows.length > 0;
}
