import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mediaObjects, users } from '../../db/schema.ts';

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
