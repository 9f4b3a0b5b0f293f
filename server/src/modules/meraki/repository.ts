import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { NetworkAlertType, NetworkEventMode } from '@aircloud/shared/network-events';
import type { Database } from '@aircloud/core/db/client';
import { networkEvents, purifierMerakiSecrets } from '@aircloud/core/db/schema';
import { pageOffset } from '@aircloud/core/db/sql';

/** A network event row as stored. */
export type NetworkEventRow = typeof networkEvents.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** The encrypted Meraki secret of a purifier, if it has one yet. */
export async function findSecret(db: Executor, purifierId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: purifierMerakiSecrets.secretEncrypted })
    .from(purifierMerakiSecrets)
    .where(eq(purifierMerakiSecrets.purifierId, purifierId))
    .limit(1);
  return row?.secret;
}

/** Stores a first secret unless one exists (two first views race safely); answers the stored one. */
export async function ensureSecret(
  db: Executor,
  purifierId: string,
  encrypted: string,
): Promise<string> {
  await db
    .insert(purifierMerakiSecrets)
    .values({ purifierId, secretEncrypted: encrypted })
    .onConflictDoNothing();
  return (await findSecret(db, purifierId))!;
}

/** Replaces the secret of a purifier. */
export async function replaceSecret(
  db: Executor,
  purifierId: string,
  encrypted: string,
): Promise<void> {
  await db
    .insert(purifierMerakiSecrets)
    .values({ purifierId, secretEncrypted: encrypted })
    .onConflictDoUpdate({
      target: purifierMerakiSecrets.purifierId,
      set: { secretEncrypted: encrypted, rotatedAt: new Date() },
    });
}

/**
 * Logs an event; answers undefined when the same purifier already logged this alert id with
 * this mode (a repeated delivery).
 */
export async function insertNetworkEvent(
  db: Executor,
  values: typeof networkEvents.$inferInsert,
): Promise<NetworkEventRow | undefined> {
  const [row] = await db
    .insert(networkEvents)
    .values(values)
    .onConflictDoNothing({
      target: [networkEvents.purifierId, networkEvents.alertId, networkEvents.mode],
      where: sql`alert_id IS NOT NULL`,
    })
    .returning();
  return row;
}

/** Notes the desired version an event produced. */
export async function setEventDesiredVersion(
  db: Executor,
  id: string,
  version: number,
): Promise<NetworkEventRow> {
  const [row] = await db
    .update(networkEvents)
    .set({ desiredVersion: version })
    .where(eq(networkEvents.id, id))
    .returning();
  return row!;
}

/** The alert type an earlier event of this alert id was logged with (a clear may omit it). */
export async function earlierAlertType(
  db: Executor,
  purifierId: string,
  alertId: string,
): Promise<NetworkAlertType | undefined> {
  const [row] = await db
    .select({ type: networkEvents.alertType })
    .from(networkEvents)
    .where(
      and(
        eq(networkEvents.purifierId, purifierId),
        eq(networkEvents.alertId, alertId),
        sql`${networkEvents.alertType} <> 'unknown'`,
      ),
    )
    .orderBy(desc(networkEvents.receivedAt))
    .limit(1);
  return row?.type as NetworkAlertType | undefined;
}

/** Filters of the event history. */
export interface NetworkEventFilter {
  mode?: NetworkEventMode;
  alertType?: NetworkAlertType;
}

/** One event of a purifier, by id. */
export async function findNetworkEvent(
  db: Executor,
  purifierId: string,
  id: string,
): Promise<NetworkEventRow | undefined> {
  const [row] = await db
    .select()
    .from(networkEvents)
    .where(and(eq(networkEvents.purifierId, purifierId), eq(networkEvents.id, id)));
  return row;
}

/** One page of a purifier's events, latest received first, and the total. */
export async function listNetworkEvents(
  db: Executor,
  purifierId: string,
  filter: NetworkEventFilter,
  page: number,
): Promise<{ rows: NetworkEventRow[]; total: number }> {
  const conditions: SQL[] = [eq(networkEvents.purifierId, purifierId)];
  if (filter.mode) conditions.push(eq(networkEvents.mode, filter.mode));
  if (filter.alertType) conditions.push(eq(networkEvents.alertType, filter.alertType));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(networkEvents)
      .where(where)
      .orderBy(desc(networkEvents.receivedAt), desc(networkEvents.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(networkEvents)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
