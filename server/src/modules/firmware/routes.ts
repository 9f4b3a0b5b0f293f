import { Router } from 'express';
import { z } from 'zod';
import { isStoredUlid } from '@aircloud/shared/ids';
import { pageParam } from '@aircloud/shared/pagination';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireRole } from '../../http/authenticate.ts';
import { incomingUpload } from '../../http/upload.ts';
import './openapi.ts';
import {
  downloadableFirmware,
  firmwareDir,
  listFirmwareFiles,
  getFirmware,
  removeFirmware,
  uploadFirmware,
} from './service.ts';

export const firmwareListQuerySchema = z.object({
  page: pageParam(),
  pagination: z.enum(['true', 'false'], { error: 'validation.invalid' }).default('true'),
});

/** Firmware management (technicians and admins), mounted at /api/firmwares. */
export function firmwareRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireRole('ROLE_TECHNICIAN'));

  router.get('/', async (req, res) => {
    const { page, pagination } = firmwareListQuerySchema.parse(req.query);
    res.json(await listFirmwareFiles(ctx, pagination === 'false' ? null : page));
  });

  router.post('/', async (req, res) => {
    let firmware;
    try {
      firmware = await uploadFirmware(ctx, currentUser(req), incomingUpload(req));
    } catch (err) {
      // The rest of the body may still be on its way: do not keep reading it.
      if (!req.complete) res.set('Connection', 'close');
      throw err;
    }
    res.status(201).location(firmware['@id']).json(firmware);
  });

  router.get('/:id', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    res.json(await getFirmware(ctx, req.params.id));
  });

  router.delete('/:id', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    await removeFirmware(ctx, currentUser(req), req.params.id);
    res.status(204).end();
  });

  return router;
}

/**
 * Public downloads, mounted at /firmware: `GET /firmware/{id}/{file name}` without an account.
 * Always an attachment of type application/octet-stream (never rendered or run by a browser),
 * with its length, a strong ETag and digest headers from the stored SHA-256, and byte ranges.
 */
export function firmwarePublicRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/:id/:fileName', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    const row = await downloadableFirmware(ctx, req.params.id, req.params.fileName);
    const digest = Buffer.from(row.sha256, 'hex').toString('base64');
    res.attachment(row.originalFileName);
    res.set({
      'Content-Type': 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ETag: `"sha256-${row.sha256}"`,
      'Repr-Digest': `sha-256=:${digest}:`,
      Digest: `sha-256=${digest}`,
      'Cache-Control': 'public, max-age=3600',
    });
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        row.storedFileName,
        {
          root: firmwareDir(ctx.config.uploadDir),
          etag: false,
          lastModified: false,
          cacheControl: false,
          acceptRanges: true,
        },
        (err) => {
          if (!err) return resolve();
          const { status, headers } = err as {
            status?: number;
            headers?: Record<string, string>;
          };
          if (res.headersSent) return resolve();
          if (status === 404) return reject(new AppError(404, 'not_found'));
          if (status === 416) {
            // A range outside the file: say how long it is (Content-Range: bytes */size).
            res.removeHeader('Content-Disposition');
            res
              .status(416)
              .set(headers ?? {})
              .end();
            return resolve();
          }
          reject(err);
        },
      );
    });
  });
  return router;
}
