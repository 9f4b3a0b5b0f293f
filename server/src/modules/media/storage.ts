import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/** Image formats accepted for avatars: MIME type -> file extension and sharp format. */
export const IMAGE_FORMATS = {
  'image/png': { ext: 'png', format: 'png' },
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/webp': { ext: 'webp', format: 'webp' },
} as const;
export type ImageMime = keyof typeof IMAGE_FORMATS;

/** Largest decoded image accepted (width x height), against decompression bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the copy served without `size`. */
const FULL_SIZE = 1024;

/** Where avatars live: `<uploadDir>/avatars`, resized copies in `<uploadDir>/avatars/cache`. */
export function avatarDir(uploadDir: string): string {
  return resolve(uploadDir, 'avatars');
}

function cacheDir(uploadDir: string): string {
  return join(avatarDir(uploadDir), 'cache');
}

/** A new random file name (never the client's). */
export function randomFileName(mime: ImageMime): string {
  return `${randomBytes(16).toString('hex')}.${IMAGE_FORMATS[mime].ext}`;
}

/** Width and height of a decodable image; null when sharp cannot read it. */
export async function imageSize(path: string): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) return null;
    // Decode fully once, so a truncated or corrupt body is refused now rather than when served.
    await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).resize(8, 8).toBuffer();
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/**
 * The path of the copy to serve: a square `size` crop, or the image within FULL_SIZE when no
 * size is asked; made with sharp on first use (EXIF rotation applied, metadata stripped).
 */
export async function variantPath(
  uploadDir: string,
  media: { id: string; fileName: string; mimeType: string },
  size: number | null,
): Promise<string> {
  const { ext, format } = IMAGE_FORMATS[media.mimeType as ImageMime] ?? IMAGE_FORMATS['image/png'];
  const target = join(cacheDir(uploadDir), `${media.id}-${size ?? 'full'}.${ext}`);
  if (
    await stat(target).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return target;
  await mkdir(cacheDir(uploadDir), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  let image = sharp(join(avatarDir(uploadDir), media.fileName), {
    limitInputPixels: MAX_INPUT_PIXELS,
  }).rotate();
  image =
    size === null
      ? image.resize(FULL_SIZE, FULL_SIZE, { fit: 'inside', withoutEnlargement: true })
      : image.resize(size, size, { fit: 'cover' });
  await image.toFormat(format).toFile(temp);
  // Two requests may render the same copy; the rename makes either result whole.
  await rename(temp, target);
  return target;
}

/** Removes the stored file of a media object and its resized copies. */
export async function removeMediaFiles(
  uploadDir: string,
  media: { id: string; fileName: string },
): Promise<void> {
  await rm(join(avatarDir(uploadDir), media.fileName), { force: true });
  const cached = await readdir(cacheDir(uploadDir)).catch(() => [] as string[]);
  await Promise.all(
    cached
      .filter((name) => name.startsWith(`${media.id}-`))
      .map((name) => rm(join(cacheDir(uploadDir), name), { force: true })),
  );
}
