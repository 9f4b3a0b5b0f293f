import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { isAdmin, type Role } from '@aircloud/shared/roles';
import {
  ABANDONED_UPLOAD_MS,
  AVATAR_MAX_BYTES,
  AVATAR_QUOTA_BYTES,
  AVATAR_QUOTA_COUNT,
  MEDIA_OBJECT_IRI,
} from '@aircloud/shared/users';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '@aircloud/core/errors';
import type { UserRow } from '@aircloud/core/users/repository';
import {
  deleteAbandonedMedia,
  deleteMediaRows,
  findMediaById,
  insertMedia,
  lockOwnerUploads,
  mediaInUse,
  ownerMediaUsage,
  type MediaRow,
} from './repository.ts';
import {
  IMAGE_FORMATS,
  avatarDir,
  imageSize,
  randomFileName,
  removeMediaFiles,
  type ImageMime,
} from './storage.ts';
import type { IncomingUpload } from '../../http/upload.ts';

/**
 * Stores the uploaded avatar of `user`: at most 2 MB (413 while streaming), PNG, JPEG or WebP
 * by its magic bytes and decodable (422 `image_type` otherwise), under a random name; within
 * the account's quota (AVATAR_QUOTA_COUNT images, AVATAR_QUOTA_BYTES in all: 422
 * `image_quota`), once the user's uploads abandoned for an hour are deleted.
 */
export async function uploadAvatar(
  ctx: AppContext,
  user: UserRow,
  upload: IncomingUpload,
): Promise<MediaRow> {
  const dir = avatarDir(ctx.config.uploadDir);
  await removeAbandonedMedia(ctx, user.id);
  const file = await upload.receive(dir, AVATAR_MAX_BYTES);
  try {
    const detected = await fileTypeFromBuffer(file.head);
    const mime = detected?.mime;
    if (!mime || !(mime in IMAGE_FORMATS)) throw fieldError('image_type', 'file');
    const size = await imageSize(file.path);
    if (!size) throw fieldError('image_type', 'file');
    const fileName = randomFileName(mime as ImageMime);
    await rename(file.path, join(dir, fileName));
    try {
      return await ctx.db.transaction(async (tx) => {
        await lockOwnerUploads(tx, user.id);
        const stored = await ownerMediaUsage(tx, user.id);
        if (stored.count >= AVATAR_QUOTA_COUNT || stored.bytes + file.size > AVATAR_QUOTA_BYTES)
          throw fieldError('image_quota', 'file');
        return insertMedia(tx, {
          id: ulid(),
          ownerId: user.id,
          fileName,
          mimeType: mime,
          size: file.size,
          width: size.width,
          height: size.height,
        });
      });
    } catch (err) {
      await rm(join(dir, fileName), { force: true });
      throw err;
    }
  } finally {
    await rm(file.path, { force: true });
  }
}

/** The media object `user` may see: admins any, others what they uploaded or wear as avatar. */
export async function viewableMedia(ctx: AppContext, user: UserRow, id: string): Promise<MediaRow> {
  const media = await findMediaById(ctx.db, id);
  const allowed =
    media && (isAdmin(user.role as Role) || media.ownerId === user.id || user.avatar === media.id);
  if (!media || !allowed) throw new AppError(404, 'not_found');
  return media;
}

/**
 * The media id behind an avatar IRI (`/api/media_objects/{id}`) that `actor` may attach: 422 on
 * `avatar` when it does not exist, 403 when a non-admin did not upload it.
 */
export async function attachableAvatar(
  ctx: Pick<AppContext, 'db'>,
  actor: UserRow,
  avatarIri: string,
): Promise<string> {
  const id = MEDIA_OBJECT_IRI.exec(avatarIri)?.[1];
  const media = id ? await findMediaById(ctx.db, id) : undefined;
  if (!media)
    throw new AppError(422, 'validation_failed', [
      { propertyPath: 'avatar', code: 'invalid', message: '' },
    ]);
  if (!isAdmin(actor.role as Role) && media.ownerId !== actor.id)
    throw new AppError(403, 'forbidden');
  return media.id;
}

/** Deletes media objects (rows and files) that no user wears as avatar any more. */
export async function removeUnusedMedia(ctx: AppContext, media: MediaRow[]): Promise<void> {
  const used = await mediaInUse(
    ctx.db,
    media.map((m) => m.id),
  );
  const unused = media.filter((m) => !used.has(m.id));
  await deleteMediaRows(
    ctx.db,
    unused.map((m) => m.id),
  );
  await Promise.all(unused.map((m) => removeMediaFiles(ctx.config.uploadDir, m)));
}

/**
 * Deletes uploads (rows and files) older than an hour that no user wears as avatar: of one
 * owner (before each of their uploads) or of everyone (the periodic sweep).
 */
export async function removeAbandonedMedia(
  ctx: Pick<AppContext, 'db' | 'config'>,
  ownerId?: string,
): Promise<number> {
  const removed = await deleteAbandonedMedia(
    ctx.db,
    new Date(Date.now() - ABANDONED_UPLOAD_MS),
    ownerId,
  );
  await Promise.all(removed.map((m) => removeMediaFiles(ctx.config.uploadDir, m)));
  return removed.length;
}

/** How often each server node sweeps abandoned uploads. */
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Sweeps everyone's abandoned uploads every 15 minutes; answers the function that stops it. */
export function startAbandonedMediaSweep(ctx: Pick<AppContext, 'db' | 'config' | 'logger'>) {
  const timer = setInterval(() => {
    removeAbandonedMedia(ctx).catch((err: unknown) =>
      ctx.logger.warn({ err }, 'abandoned uploads sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
