import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { auditLogQuerySchema } from '@aircloud/shared/audit-log';
import { isStoredUlid } from '@aircloud/shared/ids';
import { AppError } from '@aircloud/core/errors';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/authenticate.ts';
import './openapi.ts';
import { auditLogCsvChunks, getAuditLogEntry, listAuditLog } from './service.ts';

/**
 * The audit log (administrators only), mounted at /api/audit_log: read-only by design, no
 * route writes, edits or deletes an entry (and the database refuses UPDATE and DELETE anyway).
 */
export function auditLogRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireRole('ROLE_ADMIN'));

  router.get('/', async (req, res) => {
    const query = auditLogQuerySchema.parse(req.query);
    if (query.format === 'json') {
      res.set('Cache-Control', 'private, no-store').json(await listAuditLog(ctx, query));
      return;
    }
    const day = new Date().toISOString().slice(0, 10);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
      .set('Cache-Control', 'no-store');
    await pipeline(Readable.from(auditLogCsvChunks(ctx, query)), res);
  });

  router.get('/:id', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    res.set('Cache-Control', 'private, no-store').json(await getAuditLogEntry(ctx, req.params.id));
  });

  return router;
}
