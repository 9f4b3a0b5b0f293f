import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { InvitationDirection } from '@aircloud/shared/invitations';
import type { Database } from '../db/client.ts';
import {
  invitationPurifiers,
  invitationSensors,
  invitations,
  purifiers,
  sensors,
} from '../db/schema/index.ts';
import { pageOffset } from '../db/sql.ts';

/** An invitation row as stored. */
export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationStatus = InvitationRow['status'];
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A machine as an invitation lists it. */
export interface MachineRef {
  id: string;
  name: string;
  serial_number: string;
}

/** A person as an invitation names them. */
export interface PersonRef {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** An invitation with its people and machines, as the presenter needs it. */
export interface InvitationDetail extends InvitationRow {
  sender: PersonRef;
  recipient: PersonRef | null;
  purifiers: MachineRef[];
  sensors: MachineRef[];
}

/** Statuses of a live invitation (listed, and the only ones that grant or wait). */
export const LIVE_STATUSES: InvitationStatus[] = ['pending', 'accepted'];

/** The ids among `ids` of the purifiers owned by `userId`. */
export async function ownedPurifierIds(db: Executor, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: purifiers.id })
    .from(purifiers)
    .where(and(inArray(purifiers.id, ids), eq(purifiers.userId, userId)));
  return rows.map((r) => r.id);
}

/** The ids among `ids` of the sensors owned by `userId`. */
export async function ownedSensorIds(db: Executor, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(inArray(sensors.id, ids), eq(sensors.userId, userId)));
  return rows.map((r) => r.id);
}

/**
 * Inserts a pending invitation unless the sender already has a live one for that e-mail
 * (the partial unique index `invitations_live_key`); answers the live one, locked.
 */
export async function insertOrLockLive(
  db: Executor,
  values: typeof invitations.$inferInsert,
): Promise<{ row: InvitationRow; created: boolean }> {
  const inserted = await db.execute<{ id: string }>(sql`
    INSERT INTO invitations (id, sender_id, email, recipient_id, status, lang)
    VALUES (${values.id}, ${values.senderId}, ${values.email}, ${values.recipientId ?? null},
      'pending', ${values.lang ?? 'fr'})
    ON CONFLICT (sender_id, email) WHERE status IN ('pending', 'accepted') DO NOTHING
    RETURNING id`);
  const created = inserted.rows.length > 0;
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.senderId, values.senderId),
        eq(invitations.email, values.email),
        inArray(invitations.status, LIVE_STATUSES),
      ),
    )
    .for('update')
    .limit(1);
  return { row: row!, created };
}

/** The invitation with this id, locked until the transaction ends when `lock` is set. */
export async function findInvitation(
  db: Executor,
  id: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const query = db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The machines an invitation shares. */
export async function invitationMachineIds(
  db: Executor,
  id: string,
): Promise<{ purifiers: string[]; sensors: string[] }> {
  const [p, s] = await Promise.all([
    db
      .select({ id: invitationPurifiers.purifierId })
      .from(invitationPurifiers)
      .where(eq(invitationPurifiers.invitationId, id)),
    db
      .select({ id: invitationSensors.sensorId })
      .from(invitationSensors)
      .where(eq(invitationSensors.invitationId, id)),
  ]);
  return { purifiers: p.map((r) => r.id), sensors: s.map((r) => r.id) };
}

/** Replaces the machines an invitation shares. */
export async function setInvitationMachines(
  db: Executor,
  id: string,
  machines: { purifiers: string[]; sensors: string[] },
): Promise<void> {
  await db.delete(invitationPurifiers).where(eq(invitationPurifiers.invitationId, id));
  await db.delete(invitationSensors).where(eq(invitationSensors.invitationId, id));
  if (machines.purifiers.length > 0)
    await db
      .insert(invitationPurifiers)
      .values(machines.purifiers.map((purifierId) => ({ invitationId: id, purifierId })));
  if (machines.sensors.length > 0)
    await db
      .insert(invitationSensors)
      .values(machines.sensors.map((sensorId) => ({ invitationId: id, sensorId })));
}

/** Changes an invitation's status (and its timestamps) and answers the new row. */
export async function setInvitationStatus(
  db: Executor,
  id: string,
  status: InvitationStatus,
): Promise<InvitationRow> {
  const now = new Date();
  const ended = status !== 'pending' && status !== 'accepted';
  const [row] = await db
    .update(invitations)
    .set({
      status,
      updatedAt: now,
      ...(status === 'accepted' || status === 'refused' ? { respondedAt: now } : {}),
      ...(ended ? { endedAt: now } : {}),
    })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

/** Marks an invitation updated (its machines changed). */
export async function touchInvitation(db: Executor, id: string): Promise<void> {
  await db.update(invitations).set({ updatedAt: new Date() }).where(eq(invitations.id, id));
}

/** An invitation given to an account that was just enabled, and who sent it. */
export interface ClaimedInvitation {
  id: string;
  senderId: string;
}

/**
 * Gives the pending invitations waiting for this e-mail to its (now enabled) account; answers
 * them, so their senders can be told once the transaction is committed.
 */
export async function claimInvitations(
  db: Executor,
  user: { id: string; email: string },
): Promise<ClaimedInvitation[]> {
  const rows = await db
    .update(invitations)
    .set({ recipientId: user.id, updatedAt: new Date() })
    .where(
      and(
        eq(invitations.email, user.email.toLowerCase()),
        sql`${invitations.recipientId} IS NULL`,
        eq(invitations.status, 'pending'),
        sql`${invitations.senderId} <> ${user.id}`,
      ),
    )
    .returning({ id: invitations.id, senderId: invitations.senderId });
  return rows;
}

/** How many invitations wait for this user's answer. */
export async function pendingReceivedCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(eq(invitations.recipientId, userId), eq(invitations.status, 'pending')));
  return row?.n ?? 0;
}

/** Filters of an invitation list. */
export interface InvitationListFilter {
  userId: string;
  direction: InvitationDirection;
  purifier?: string;
  sensor?: string;
}

function listCondition(filter: InvitationListFilter): SQL {
  const mine =
    filter.direction === 'sent'
      ? sql`i.sender_id = ${filter.userId}`
      : sql`i.recipient_id = ${filter.userId}`;
  const parts = [mine, sql`i.status IN ('pending', 'accepted')`];
  if (filter.purifier)
    parts.push(
      sql`EXISTS (SELECT 1 FROM invitation_purifiers x WHERE x.invitation_id = i.id AND x.purifier_id = ${filter.purifier})`,
    );
  if (filter.sensor)
    parts.push(
      sql`EXISTS (SELECT 1 FROM invitation_sensors x WHERE x.invitation_id = i.id AND x.sensor_id = ${filter.sensor})`,
    );
  return sql.join(parts, sql` AND `);
}

/** The detail query: the invitation with its sender, recipient and machines (names, serials). */
function detailSelect(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    SELECT i.id, i.sender_id AS "senderId", i.email, i.recipient_id AS "recipientId", i.status,
      i.lang, i.created_at AS "createdAt", i.updated_at AS "updatedAt",
      i.responded_at AS "respondedAt", i.ended_at AS "endedAt",
      json_build_object('id', s.id, 'firstname', s.firstname, 'lastname', s.lastname,
        'email', s.email) AS sender,
      CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id,
        'firstname', r.firstname, 'lastname', r.lastname, 'email', r.email) END AS recipient,
      COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name,
          'serial_number', p.serial_number) ORDER BY p.name, p.id)
        FROM invitation_purifiers ip JOIN purifiers p ON p.id = ip.purifier_id
        WHERE ip.invitation_id = i.id), '[]'::json) AS purifiers,
      COALESCE((SELECT json_agg(json_build_object('id', se.id, 'name', se.name,
          'serial_number', se.serial_number) ORDER BY se.name, se.id)
        FROM invitation_sensors isn JOIN sensors se ON se.id = isn.sensor_id
        WHERE isn.invitation_id = i.id), '[]'::json) AS sensors
    FROM invitations i
    JOIN users s ON s.id = i.sender_id
    LEFT JOIN users r ON r.id = i.recipient_id
    WHERE ${where}
    ${tail}`;
}

type RawDetail = Omit<InvitationDetail, 'createdAt' | 'updatedAt' | 'respondedAt' | 'endedAt'> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  respondedAt: string | Date | null;
  endedAt: string | Date | null;
};

function detailOf(raw: RawDetail): InvitationDetail {
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return {
    ...raw,
    createdAt: new Date(raw.createdAt),
    updatedAt: new Date(raw.updatedAt),
    respondedAt: date(raw.respondedAt),
    endedAt: date(raw.endedAt),
  };
}

/** One page of live invitations sent or received by a user, latest first, and the total. */
export async function listInvitations(
  db: Executor,
  filter: InvitationListFilter,
  page: number,
): Promise<{ rows: InvitationDetail[]; total: number }> {
  const where = listCondition(filter);
  const [list, count] = await Promise.all([
    db.execute<RawDetail>(
      detailSelect(
        where,
        sql`ORDER BY i.created_at DESC, i.id DESC LIMIT ${PAGE_SIZE} OFFSET ${pageOffset(page)}`,
      ),
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM invitations i WHERE ${where}`),
  ]);
  return { rows: list.rows.map(detailOf), total: count.rows[0]?.n ?? 0 };
}

/** Invitations with their people and machines, by id (in the order asked). */
export async function invitationDetails(db: Executor, ids: string[]): Promise<InvitationDetail[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<RawDetail>(
    detailSelect(
      sql`i.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, detailOf(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A live invitation that lost machines because their ownership ended. */
export interface DetachedInvitation {
  id: string;
  senderId: string;
  recipientId: string | null;
  /** It shared nothing else: it ended (revoked, or withdrawn while waiting). */
  ended: boolean;
}

/**
 * Takes a purifier out of every invitation (its ownership ended: the shares its owner gave end
 * with it, and a later owner, even the same person again, starts without them). A live
 * invitation left without machines ends: revoked when accepted, withdrawn when waiting.
 */
export async function detachPurifierFromInvitations(
  db: Executor,
  purifierId: string,
): Promise<DetachedInvitation[]> {
  const { rows } = await db.execute<{ id: string; sender_id: string; recipient_id: string | null }>(
    sql`DELETE FROM invitation_purifiers ip USING invitations i
         WHERE ip.purifier_id = ${purifierId} AND i.id = ip.invitation_id
           AND i.status IN ('pending', 'accepted')
        RETURNING i.id, i.sender_id, i.recipient_id`,
  );
  await db.execute(sql`DELETE FROM invitation_purifiers WHERE purifier_id = ${purifierId}`);
  const detached: DetachedInvitation[] = [];
  for (const row of rows) {
    const { rows: left } = await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM invitation_purifiers WHERE invitation_id = ${row.id})::int
           + (SELECT count(*) FROM invitation_sensors WHERE invitation_id = ${row.id})::int AS n`);
    const ended = (left[0]?.n ?? 0) === 0;
    if (ended) {
      const [current] = await db
        .select({ status: invitations.status })
        .from(invitations)
        .where(eq(invitations.id, row.id));
      await setInvitationStatus(
        db,
        row.id,
        current?.status === 'accepted' ? 'revoked' : 'withdrawn',
      );
    } else await touchInvitation(db, row.id);
    detached.push({ id: row.id, senderId: row.sender_id, recipientId: row.recipient_id, ended });
  }
  return detached;
}
