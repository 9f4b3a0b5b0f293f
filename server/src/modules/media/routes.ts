import { Router } from 'express';
import { z } from 'zod';
import { AVATAR_SIZES } from '@aircloud/shared/users';
import type { AppContext } from '../../context.ts';
import { isStoredUlid } from '@aircloud/shared/ids';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { incomingUpload } from '../../http/upload.ts';
import { iri } from '@aircloud/core/jsonld';
import './openapi.ts';
import { mediaObjectPresenter } from './presenter.ts';
import { uploadAvatar, viewableMedia } from './service.ts';
import { variantPath } from './storage.ts';

export const mediaContentQuerySchema = z.object({
  size: z.enum(AVATAR_SIZES, { error: 'validation.invalid' }).optional(),
});

/** Avatar upload and serving, mounted at /api/media_objects. */
export function mediaRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.post('/', async (req, res) => {
    let media;
    try {
      media = await uploadAvatar(ctx, currentUser(req), incomingUpload(req));
    } catch (err) {
      // The rest of the body may still be on its way: do not keep reading it.
      if (!req.complete) res.set('Connection', 'close');
      throw err;
    }
    res.status(201).location(iri('media_objects', media.id)).json(mediaObjectPresenter(media));
  });

  // The media object its @id names, to whoever may see its content.
  router.get('/:id', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    res.json(mediaObjectPresenter(await viewableMedia(ctx, currentUser(req), req.params.id)));
  });

  router.get('/:id/content', async (req, res) => {
    const { size } = mediaContentQuerySchema.parse(req.query);
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    const media = await viewableMedia(ctx, currentUser(req), req.params.id);
    const path = await variantPath(ctx.config.uploadDir, media, size ? Number(size) : null);
    res.set({
      'Content-Type': media.mimeType,
      'X-Content-Type-Options': 'nosniff',
      // An uploaded file opened on its own never runs anything, whatever it turns out to be.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
      'Content-Disposition': 'inline',
      // Private: served to signed-in users only. A media object never changes (a new upload is a new id).
      'Cache-Control': 'private, max-age=86400, immutable',
    });
    res.sendFile(path, { cacheControl: false, dotfiles: 'deny' });
  });

  return router;
}
