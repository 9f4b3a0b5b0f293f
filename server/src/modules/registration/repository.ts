import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@aircloud/core/db/client';
import { refreshTokens, users, validationCodes } from '@aircloud/core/db/schema';

type Executor = Pick<Database, 'select'>;

/**
 * True when the account is still waiting for its activation: its newest activation code is
 * unused (expired or not: that is why one asks again; disabling an account voids its codes) and
 * it never had a session (activating, or signing in once enabled, always opens one), so an
 * account that was in use, or that an administrator disabled, never gets an activation link.
 */
export async function neverActivated(db: Executor, userId: string): Promise<boolean> {
  const [code] = await db
    .select({ usedAt: validationCodes.usedAt })
    .from(validationCodes)
    .where(and(eq(validationCodes.userId, userId), eq(validationCodes.purpose, 'activation')))
    .orderBy(desc(validationCodes.createdAt))
    .limit(1);
  if (!code || code.usedAt !== null) return false;
  const [session] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .limit(1);
  return !session;
}

/**
 * Locks the account row until the transaction ends (two resends for one account run one after
 * the other, so one link only survives); false when the account is gone or enabled meanwhile.
 */
export async function lockDisabledUser(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: users.enabled })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row !== undefined && !row.enabled;
}
