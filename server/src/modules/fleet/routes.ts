import { Router } from 'express';
import { fleetPurifiersQuerySchema, fleetSensorsQuerySchema } from '@aircloud/shared/fleet';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/authenticate.ts';
import './openapi.ts';
import { listFleetPurifiers, listFleetSensors, sharedFleetSummary } from './service.ts';

/** The fleet view (technicians and admins), mounted at /api/fleet. */
export function fleetRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireRole('ROLE_TECHNICIAN'));

  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await sharedFleetSummary(ctx));
  });

  router.get('/purifiers', async (req, res) => {
    res.json(await listFleetPurifiers(ctx, fleetPurifiersQuerySchema.parse(req.query)));
  });

  router.get('/sensors', async (req, res) => {
    res.json(await listFleetSensors(ctx, fleetSensorsQuerySchema.parse(req.query)));
  });

  return router;
}
