import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

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

/** Stores a new personal API token (hash for lookup, encrypted copy for its owner). */
export async function setApiToken(
  db: Executor,
  id: string,
  token: { hash: string; encrypted: string; validity: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      apiTokenHash: token.hash,
      apiTokenEncrypted: token.encrypted,
      apiTokenValidity: token.validity,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}
