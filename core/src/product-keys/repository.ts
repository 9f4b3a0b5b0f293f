import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import {
  normalizeProductKey,
  type ProductKeyFilter,
  type ProductKeyModel,
  type ProductKeyState,
} from '@aircloud/shared/product-keys';
import type { Database } from '../db/client.ts';
import { productKeys, users } from '../db/schema/index.ts';
import { containsPattern, pageOffset } from '../db/sql.ts';

/** A product key row as stored. */
export type ProductKeyRow = typeof productKeys.$inferSelect;
/** A key with the account it is associated with. */
export interface ProductKeyWithUser {
  key: ProductKeyRow;
  user: { id: string; email: string; firstname: string; lastname: string } | null;
}
/** The database or a transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

function filterWhere(filter: ProductKeyFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const compact = normalizeProductKey(filter.search);
    conditions.push(
      or(
        ilike(productKeys.serialNumber, containsPattern(filter.search)),
        compact ? like(productKeys.key, containsPattern(compact)) : undefined,
      ),
    );
  }
  if (filter.state) conditions.push(eq(productKeys.state, filter.state));
  if (filter.model) conditions.push(eq(productKeys.model, filter.model));
  return and(...conditions);
}

const withUser = {
  key: productKeys,
  user: { id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname },
};

/** One page of keys matching the filter, ordered by serial number, and the total. */
export async function listProductKeys(
  db: Executor,
  filter: ProductKeyFilter,
  page: number,
): Promise<{ rows: ProductKeyWithUser[]; total: number }> {
  const where = filterWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(withUser)
      .from(productKeys)
      .leftJoin(users, eq(users.id, productKeys.userId))
      .where(where)
      .orderBy(asc(productKeys.serialNumber))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productKeys)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One key as stored, locked until the transaction ends. */
export async function lockProductKey(db: Executor, id: string): Promise<ProductKeyRow | undefined> {
  const [row] = await db.select().from(productKeys).where(eq(productKeys.id, id)).for('update');
  return row;
}

/** One key with its account, or undefined. */
export async function findProductKey(
  db: Executor,
  id: string,
): Promise<ProductKeyWithUser | undefined> {
  const [row] = await db
    .select(withUser)
    .from(productKeys)
    .leftJoin(users, eq(users.id, productKeys.userId))
    .where(eq(productKeys.id, id))
    .limit(1);
  return row;
}

/** The first of these serial numbers already taken, or undefined. */
export async function firstTakenSerial(
  db: Executor,
  serials: string[],
): Promise<string | undefined> {
  const result = await db.execute<{ serial_number: string }>(
    sql`SELECT serial_number FROM product_keys WHERE serial_number = ANY(${sql.param(serials)}::text[]) LIMIT 1`,
  );
  return result.rows[0]?.serial_number;
}

/**
 * Inserts many generated keys with one statement (arrays unnested server-side: a 10,000-row
 * batch is one round trip and stays clear of the 65,535 bind-parameter limit).
 */
export async function insertGeneratedKeys(
  db: Executor,
  model: ProductKeyModel,
  rows: { id: string; key: string; serialNumber: string }[],
): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO product_keys (id, key, serial_number, model, state)
    SELECT id, key, serial_number, ${model}, 'generated'
    FROM unnest(
      ${sql.param(rows.map((r) => r.id))}::text[],
      ${sql.param(rows.map((r) => r.key))}::text[],
      ${sql.param(rows.map((r) => r.serialNumber))}::text[]
    ) AS t(id, key, serial_number)`);
  return result.rowCount ?? 0;
}

/**
 * Moves a key to `to` only if it is in one of `from` (a conditional update: two concurrent
 * changes cannot both pass); undefined when the key was in another state or does not exist.
 */
export async function transitionProductKey(
  db: Executor,
  id: string,
  from: readonly ProductKeyState[],
  values: Partial<typeof productKeys.$inferInsert> & { state: ProductKeyState },
): Promise<ProductKeyRow | undefined> {
  const [row] = await db
    .update(productKeys)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(productKeys.id, id), inArray(productKeys.state, [...from])))
    .returning();
  return row;
}

/**
 * Replaces the random key of a key that is not activated, in one statement. An exported key goes
 * back to generated (the printed key is void; the new one must be exported), blocked stays blocked.
 */
export async function replaceKey(
  db: Executor,
  id: string,
  key: string,
): Promise<ProductKeyRow | undefined> {
  const [row] = await db
    .update(productKeys)
    .set({
      key,
      state: sql`CASE WHEN ${productKeys.state} = 'exported' THEN 'generated' ELSE ${productKeys.state} END`,
      exportedAt: sql`CASE WHEN ${productKeys.state} = 'exported' THEN NULL ELSE ${productKeys.exportedAt} END`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(productKeys.id, id), inArray(productKeys.state, ['generated', 'exported', 'blocked'])),
    )
    .returning();
  return row;
}

/** The keys of an export (a selection or a filter), locked until the transaction ends. */
export async function lockKeysForExport(
  db: Executor,
  selection: { ids: string[] } | { filter: ProductKeyFilter },
): Promise<ProductKeyRow[]> {
  const where =
    'ids' in selection
      ? sql`${productKeys.id} = ANY(${sql.param(selection.ids)}::text[])`
      : filterWhere(selection.filter);
  return db
    .select()
    .from(productKeys)
    .where(where)
    .orderBy(asc(productKeys.serialNumber))
    .for('update');
}

/** Marks the generated keys among `ids` exported. */
export async function markExported(db: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE product_keys SET state = 'exported', exported_at = ${at}, updated_at = ${at}
    WHERE id = ANY(${sql.param(ids)}::text[]) AND state = 'generated'`);
}

/** The key activated by this exported code, claimed for `userId`; undefined when not exported. */
export async function claimExportedKey(
  db: Executor,
  key: string,
  userId: string,
): Promise<ProductKeyRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(productKeys)
    .set({ state: 'activated', userId, activatedAt: now, updatedAt: now })
    .where(and(eq(productKeys.key, key), eq(productKeys.state, 'exported')))
    .returning();
  return row;
}
