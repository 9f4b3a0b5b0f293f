import { and, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ulid } from '@aircloud/core/lib/ulid';
import type { Database } from '@aircloud/core/db/client';
import { refreshTokens, users, validationCodes } from '@aircloud/core/db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type CodePurpose = (typeof validationCodes.$inferSelect)['purpose'];
type UserRow = typeof users.$inferSelect;

/** Every purpose of a mailed link. */
export const CODE_PURPOSES: readonly CodePurpose[] = ['activation', 'password_reset'];

/**
 * The user behind an access token, in one query: only while the token's refresh family still
 * has a live (non-revoked) token, so logout or a password change ends the access token at once.
 */
export async function findUserInLiveFamily(
  db: Executor,
  userId: string,
  familyId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, familyId),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** Stores a refresh token (its hash) in a family. */
export async function insertRefreshToken(
  db: Executor,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({ id: ulid(), ...values });
}

/** The refresh token with this hash, whatever its state. */
export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a live token replaced; false when another request already used it (a reuse). */
export async function markReplaced(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.replacedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Revokes every token of a family (logout, reuse detected). */
export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of a user (password reset or change). */
export async function revokeUserTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Stores a validation code (its hash); the user's older unused codes of that purpose die. */
export async function insertValidationCode(
  db: Executor,
  values: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await invalidateUnusedCodes(db, values.userId, [values.purpose]);
  await db.insert(validationCodes).values({ id: ulid(), ...values });
}

/** Marks the user's unused codes of these purposes used: their links stop working. */
export async function invalidateUnusedCodes(
  db: Executor,
  userId: string,
  purposes: readonly CodePurpose[],
): Promise<void> {
  if (purposes.length === 0) return;
  await db
    .update(validationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(validationCodes.userId, userId),
        inArray(validationCodes.purpose, [...purposes]),
        isNull(validationCodes.usedAt),
      ),
    );
}

/** A usable code (unused, unexpired, optionally of one purpose) with its user's e-mail. */
/**
 * Whether `codeHash` is an activation code (used or expired) of an account already enabled: the
 * link holder learns only that the account of the link they were mailed is active.
 */
export async function isActivationOfEnabledAccount(db: Executor, codeHash: string) {
  const [row] = await db
    .select({ enabled: users.enabled })
    .from(validationCodes)
    .innerJoin(users, eq(users.id, validationCodes.userId))
    .where(and(eq(validationCodes.codeHash, codeHash), eq(validationCodes.purpose, 'activation')))
    .limit(1);
  return row?.enabled === true;
}

export async function findUsableCode(db: Executor, codeHash: string, purpose?: CodePurpose) {
  const [row] = await db
    .select({
      id: validationCodes.id,
      userId: validationCodes.userId,
      purpose: validationCodes.purpose,
      email: users.email,
    })
    .from(validationCodes)
    .innerJoin(users, eq(users.id, validationCodes.userId))
    .where(
      and(
        eq(validationCodes.codeHash, codeHash),
        isNull(validationCodes.usedAt),
        gt(validationCodes.expiresAt, new Date()),
        purpose ? eq(validationCodes.purpose, purpose) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Locks a user's row until the transaction ends: activation takes it before its code, in the
 * order an admin's disable does (user, then codes), so the two never deadlock and the later
 * one sees the other's change.
 */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Consumes a code; false when a concurrent request consumed it first. */
export async function markCodeUsed(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(validationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(validationCodes.id, id), isNull(validationCodes.usedAt)))
    .returning({ id: validationCodes.id });
  return rows.length === 1;
}
