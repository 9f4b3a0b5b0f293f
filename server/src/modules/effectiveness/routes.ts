import { Router } from 'express';
import { decayEpisodesQuerySchema } from '@aircloud/shared/effectiveness';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import './openapi.ts';
import * as effectiveness from './service.ts';

/**
 * A purifier's measured air changes (docs/effectiveness.md), mounted at /api/purifiers beside the
 * purifier's own routes: the same access rules (whoever may view the purifier).
 */
export function effectivenessRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/:ulid/effectiveness', async (req, res) => {
    res.json(await effectiveness.getEffectiveness(ctx, currentUser(req), req.params.ulid));
  });

  router.get('/:ulid/maintenance_forecast', async (req, res) => {
    res.json(await effectiveness.getMaintenanceForecast(ctx, currentUser(req), req.params.ulid));
  });

  router.get('/:ulid/decay_episodes', async (req, res) => {
    const query = decayEpisodesQuerySchema.parse(req.query);
    res.json(await effectiveness.getDecayEpisodes(ctx, currentUser(req), req.params.ulid, query));
  });

  router.get('/:ulid/decay_episodes/:id', async (req, res) => {
    res.json(
      await effectiveness.getDecayEpisode(ctx, currentUser(req), req.params.ulid, req.params.id),
    );
  });

  return router;
}
