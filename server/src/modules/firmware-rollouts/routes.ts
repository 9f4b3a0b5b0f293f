import { Router } from 'express';
import {
  rolloutCreateSchema,
  rolloutDevicesQuerySchema,
  rolloutsQuerySchema,
} from '@aircloud/shared/firmware-rollouts';
import { isStoredUlid } from '@aircloud/shared/ids';
import { AppError } from '@aircloud/core/errors';
import { ROLLOUT_ACTIONS, type RolloutAction } from '@aircloud/core/firmware/rollouts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireRole } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import { actOn, createRollout, getRollout, listRolloutDevices, listRollouts } from './service.ts';

/** Firmware rollouts (technicians and admins), mounted at /api/firmware_rollouts. */
export function firmwareRolloutRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireRole('ROLE_TECHNICIAN'));

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listRollouts(ctx, rolloutsQuerySchema.parse(req.query)));
  });

  router.post('/', async (req, res) => {
    const input = parseBody(rolloutCreateSchema, req);
    const rollout = await createRollout(ctx, currentUser(req), input);
    res.status(201).location(rollout['@id']).json(rollout);
  });

  router.get('/:id', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    res.set('Cache-Control', 'no-store');
    res.json(await getRollout(ctx, req.params.id));
  });

  router.get('/:id/purifiers', async (req, res) => {
    if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
    res.set('Cache-Control', 'no-store');
    res.json(
      await listRolloutDevices(ctx, req.params.id, rolloutDevicesQuerySchema.parse(req.query)),
    );
  });

  for (const action of Object.keys(ROLLOUT_ACTIONS) as RolloutAction[])
    router.post(`/:id/${action}`, async (req, res) => {
      if (!isStoredUlid(req.params.id)) throw new AppError(404, 'not_found');
      res.json(await actOn(ctx, currentUser(req), req.params.id, action));
    });

  return router;
}
