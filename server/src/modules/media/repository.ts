import { and, eq, inArray, isNotNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '@aircloud/core/db/client';
import { mediaObjects, users } from '@aircloud/core/db/schema';

/** A media object row as stored. */
export type MediaRow = typeof mediaObjects.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Records an uploaded file. */
export async function insertMedia(db: Executor, values: typeof mediaObjects.$inferInsert) {
  const [row] = await db.insert(mediaObjects).values(values).returning();
  return row!;
}

/** The media object with this id, or undefined. */
export async function findMediaById(db: Executor, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.id, id)).limit(1);
  return row;
}

/** Media a user uploaded, plus the one they use as avatar (whoever uploaded it). */
export async function findUserMedia(
  db: Executor,
  user: { id: string; avatar: string | null },
): Promise<MediaRow[]> {
  return db
    .select()
    .from(mediaObjects)
    .where(
      user.avatar
        ? or(eq(mediaObjects.ownerId, user.id), eq(mediaObjects.id, user.avatar))
        : eq(mediaObjects.ownerId, user.id),
    );
}

/** Ids among `ids` some user still uses as avatar. */
export async function mediaInUse(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(inArray(users.avatar, ids));
  return new Set(rows.map((r) => r.avatar).filter((a): a is string => a !== null));
}

/** Deletes media rows. */
export async function deleteMediaRows(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(mediaObjects).where(inArray(mediaObjects.id, ids));
}

/** Gives a media object to the user who now wears it as avatar. */
export async function setMediaOwner(db: Executor, id: string, ownerId: string): Promise<void> {
  await db.update(mediaObjects).set({ ownerId }).where(eq(mediaObjects.id, id));
}

/**
 * Before `ownerId` is deleted: media they uploaded that another user wears lose their owner
 * instead of being deleted with them.
 */
export async function detachMediaWornByOthers(db: Executor, ownerId: string): Promise<void> {
  await db
    .update(mediaObjects)
    .set({ ownerId: null })
    .where(
      and(
        eq(mediaObjects.ownerId, ownerId),
        inArray(
          mediaObjects.id,
          db
            .select({ id: sql<string>`${users.avatar}` })
            .from(users)
            .where(and(ne(users.id, ownerId), isNotNull(users.avatar))),
        ),
      ),
    );
}

/**
 * Serialises the uploads of one owner until the transaction ends, so two uploads at once
 * cannot both pass the quota (on every server node: a PostgreSQL advisory lock).
 */
export async function lockOwnerUploads(db: Pick<Database, 'execute'>, ownerId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`media-quota:${ownerId}`}))`);
}

/** How many images an owner stores, and their bytes. */
export async function ownerMediaUsage(
  db: Executor,
  ownerId: string,
): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      bytes: sql<string>`coalesce(sum(${mediaObjects.size}), 0)`,
    })
    .from(mediaObjects)
    .where(eq(mediaObjects.ownerId, ownerId));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Deletes the rows of uploads made before `before` that no user wears as avatar (of one owner,
 * or everyone's) and answers them, so their files can go too. Each row is answered to one
 * caller only, whichever server node runs it.
 */
export async function deleteAbandonedMedia(
  db: Executor,
  before: Date,
  ownerId?: string,
): Promise<MediaRow[]> {
  return db
    .delete(mediaObjects)
    .where(
      and(
        lt(mediaObjects.createdAt, before),
        ownerId ? eq(mediaObjects.ownerId, ownerId) : undefined,
        notExists(db.select({ id: users.id }).from(users).where(eq(users.avatar, mediaObjects.id))),
      ),
    )
    .returning();
}
