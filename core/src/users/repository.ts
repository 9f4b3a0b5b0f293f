import { containsPattern } from '../db/sql.ts';
import { and, asc, count, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
type Deleter = Pick<Database, 'delete'>;

/** The user with this id, or undefined. */
export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user with this (lower-case) e-mail, or undefined. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** The owner of a still-valid personal API token, from the token's SHA-256. */
export async function findUserByApiTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.apiTokenHash, tokenHash), gt(users.apiTokenValidity, new Date())))
    .limit(1);
  return row;
}

/** Inserts a user; fails with PostgreSQL 23505 when the e-mail is taken. */
export async function insertUser(
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Replaces the password hash of a user. */
export async function updatePasswordHash(
  db: Executor,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Enables an account (activation). */
export async function enableUser(db: Executor, id: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ enabled: true, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Stores a new personal API token: its hash for lookup and its hint; no readable copy. */
export async function setApiToken(
  db: Executor,
  id: string,
  token: { hash: string; hint: string; validity: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      apiTokenHash: token.hash,
      apiTokenHint: token.hint,
      apiTokenValidity: token.validity,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

/** Forgets the personal API token of a user: it stops authenticating at once. */
export async function clearApiToken(db: Executor, id: string): Promise<void> {
  await db
    .update(users)
    .set({ apiTokenHash: null, apiTokenHint: null, apiTokenValidity: null })
    .where(eq(users.id, id));
}

/** Filter of the user list: a term in first name, last name, full name, e-mail or company; a role. */
function listFilter(filter: { search?: string; role?: string }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(users.firstname, pattern),
        ilike(users.lastname, pattern),
        ilike(users.email, pattern),
        ilike(users.company, pattern),
        sql`(${users.firstname} || ' ' || ${users.lastname}) ILIKE ${pattern}`,
        sql`(${users.lastname} || ' ' || ${users.firstname}) ILIKE ${pattern}`,
      ),
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  return and(...conditions);
}

/** One page of users (all of them when `limit` is null), by last name, and the total. */
export async function listUsers(
  db: Executor,
  filter: { search?: string; role?: string },
  page: { limit: number; offset: number } | null,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = listFilter(filter);
  const query = db
    .select()
    .from(users)
    .where(where)
    .orderBy(
      asc(sql`lower(${users.lastname})`),
      asc(sql`lower(${users.firstname})`),
      asc(users.id),
    );
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { rows, total: rows.length };
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Changes some columns of a user; the updated row, or undefined when it does not exist. */
export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes a user (refresh tokens, codes and uploaded media rows go with it). */
export async function deleteUser(db: Deleter, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Locks the enabled administrators until the transaction ends and answers how many there are
 * besides `exceptId`, so two concurrent demotions cannot leave no admin.
 */
export async function lockOtherAdmins(db: Executor, exceptId: string): Promise<number> {
  // Every enabled admin, the target included, locked in id order: two admins demoting each
  // other wait for one another instead of deadlocking, and the second sees the first's change.
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ROLE_ADMIN'), eq(users.enabled, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptId).length;
}
