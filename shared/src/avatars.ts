/**
 * Avatar images: sizes, limits and types, as plain values without zod: the client's signed-in
 * pages load them without the schemas (users.ts re-exports them).
 */

/** Sizes GET /api/media_objects/{id}/content?size= serves (square, in pixels). */
export const AVATAR_SIZES = ['64', '128', '256'] as const;
/** Largest avatar upload, enforced while streaming. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Images one account may store (its avatar and uploads not attached yet). */
export const AVATAR_QUOTA_COUNT = 5;
/** Bytes one account may store in images. */
export const AVATAR_QUOTA_BYTES = 10 * 1024 * 1024;
/** Age after which an upload no user wears as avatar is deleted (ms). */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;
/** Image types accepted for avatars, checked by magic bytes. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
