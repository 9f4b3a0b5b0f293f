import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { purifiers, sensors } from '../db/schema/index.ts';
import type { Keyring } from '../lib/keyring.ts';
import { endPushSubscriptions } from '../notifications/push.ts';
import { endOwnership, type EndedOwnership } from './ownership.ts';
import { affectedPurifiers, settleControl, type Settled } from './settle.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * A user's account is disabled, inside that transaction: whatever they drove stops at once (rule
 * holds of their rules are released; their links and schedules stay, inert, until the account is
 * enabled again: control is asked "now", and a disabled account controls nothing), and their
 * browsers' push subscriptions end (a browser subscribes again after the next sign-in). A
 * deleted account's subscriptions go with its row.
 */
export async function settleDisabledAccount(
  tx: Executor,
  userId: string,
  now: Date = new Date(),
): Promise<Settled> {
  await endPushSubscriptions(tx, userId);
  return settleControl(tx, { users: [userId] }, now);
}

/**
 * A user's account is deleted by `remove`, inside the caller's transaction: each purifier they
 * own is released (its key back to exported, access/ownership.ts), then, once the account is
 * gone, the links, schedules and rule holds that were theirs, or that hung on their sensors and
 * shares, end.
 */
export async function endDeletedAccount(
  tx: Executor,
  userId: string,
  sealKey: Keyring,
  remove: () => Promise<void>,
  now: Date = new Date(),
): Promise<{ owned: EndedOwnership[]; settled: Settled }> {
  const owned: EndedOwnership[] = [];
  const ownedRows = await tx
    .select()
    .from(purifiers)
    .where(eq(purifiers.userId, userId))
    .orderBy(purifiers.id)
    .for('update');
  for (const row of ownedRows) owned.push(await endOwnership(tx, row, sealKey, now));
  const touched = await affectedPurifiers(tx, { users: [userId] });
  const ownedSensors = await tx
    .select({ id: sensors.id })
    .from(sensors)
    .where(eq(sensors.userId, userId));
  await remove();
  const settled = await settleControl(
    tx,
    { purifiers: touched, sensors: ownedSensors.map((s) => s.id) },
    now,
  );
  return { owned, settled };
}
