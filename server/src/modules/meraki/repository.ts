import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
 * this mode, or this refused body (a repeated delivery), or when the start it closes is closed.
 */
export async function insertNetworkEvent(
  db: Executor,
  values: typeof networkEvents.$inferInsert,
): Promise<NetworkEventRow | undefined> {
  const [row] = await db.insert(networkEvents).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * The alerts of a purifier still going on: per pair key, its latest start, unless an end
 * closed it; oldest first. Read under the purifier's lock.
 */
export async function openStarts(
  db: Pick<Database, 'execute' | 'select'>,
  purifierId: string,
): Promise<NetworkEventRow[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT latest.id FROM (
      SELECT DISTINCT ON (pair_key) id, received_at FROM network_events
       WHERE purifier_id = ${purifierId} AND mode = 'auto' AND pair_key IS NOT NULL
       ORDER BY pair_key, received_at DESC, id DESC) latest
     WHERE NOT EXISTS (SELECT 1 FROM network_events e WHERE e.start_event_id = latest.id)
     ORDER BY latest.received_at, latest.id`);
  if (rows.length === 0) return [];
  const found = await db
    .select()
    .from(networkEvents)
    .where(
      inArray(
        networkEvents.id,
        rows.map((r) => r.id),
      ),
    );
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return found.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
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

/** Filters of the event history. */
export interface NetworkEventFilter {
  mode?: NetworkEventMode;
  alertType?: NetworkAlertType;
}

/** A start and, once it ended, the end that closed it. */
export interface NetworkEventWithEnd {
  event: NetworkEventRow;
  end: NetworkEventRow | null;
}

const ends = alias(networkEvents, 'ends');

/** One event of a purifier by id, with the end that closed it when it is a start that ended. */
export async function findNetworkEvent(
  db: Executor,
  purifierId: string,
  id: string,
): Promise<NetworkEventWithEnd | undefined> {
  const [row] = await db
    .select({ event: networkEvents, end: ends })
    .from(networkEvents)
    .leftJoin(ends, eq(ends.startEventId, networkEvents.id))
    .where(and(eq(networkEvents.purifierId, purifierId), eq(networkEvents.id, id)));
  return row;
}

/**
 * One page of a purifier's events, latest received first, and the total: an end that closed a
 * start is not a row of its own but the end of its start's row.
 */
export async function listNetworkEvents(
  db: Executor,
  purifierId: string,
  filter: NetworkEventFilter,
  page: number,
): Promise<{ rows: NetworkEventWithEnd[]; total: number }> {
  const conditions: SQL[] = [
    eq(networkEvents.purifierId, purifierId),
    sql`${networkEvents.startEventId} IS NULL`,
  ];
  if (filter.mode) conditions.push(eq(networkEvents.mode, filter.mode));
  if (filter.alertType) conditions.push(eq(networkEvents.alertType, filter.alertType));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ event: networkEvents, end: ends })
      .from(networkEvents)
      .leftJoin(ends, eq(ends.startEventId, networkEvents.id))
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
