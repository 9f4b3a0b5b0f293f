import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '@aircloud/shared/constants';
import type { Database } from '../db/client.ts';
import { translationOverrides } from '../db/schema/index.ts';

export type TranslationOverrideRow = typeof translationOverrides.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/** Every override of every language (a few rows: the whole table is cached per process). */
export function allOverrides(db: Database): Promise<TranslationOverrideRow[]> {
  return db.select().from(translationOverrides).orderBy(asc(translationOverrides.key));
}

/** The override of (lang, key), locked until the transaction ends; undefined when none. */
export async function lockOverride(
  db: Executor,
  lang: Language,
  key: string,
): Promise<TranslationOverrideRow | undefined> {
  const [row] = await db
    .select()
    .from(translationOverrides)
    .where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)))
    .for('update');
  return row;
}

/** Inserts or replaces the override of (lang, key). */
export async function upsertOverride(
  db: Executor,
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

/** Deletes the override of (lang, key); answers it, or undefined when there was none. */
export async function deleteOverride(
  db: Executor,
  lang: Language,
  key: string,
): Promise<TranslationOverrideRow | undefined> {
  const [row] = await db
    .delete(translationOverrides)
    .where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)))
    .returning();
  return row;
}
