import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/authenticate.ts';
import './openapi.ts';
import { telemetryRetention } from './service.ts';

/** How long telemetry is kept, for administrators, at /api/telemetry_retention. */
export function telemetryRetentionRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/', requireRole('ROLE_ADMIN'), async (_req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await telemetryRetention(ctx));
  });
  return router;
}
