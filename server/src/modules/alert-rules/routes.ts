import { Router } from 'express';
import { alertRuleInputSchema, alertRulePatchSchema } from '@aircloud/shared/alert-rules';
import { storedUlid } from '@aircloud/shared/ids';
import { pageParam } from '@aircloud/shared/pagination';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as alertRules from './service.ts';

const pageQuery = z.object({ page: pageParam() });

/** A path id that is not a ulid names nothing: 404, never a 500 (either case is read). */
function ulidParam(value: string): string {
  const id = storedUlid(value);
  if (!id) throw new AppError(404, 'not_found');
  return id;
}

/** Rules and history of a sensor, mounted at /api/sensors. */
export function sensorAlertRuleRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/:ulid/alert_rules', requireAuth);
  router.use('/:ulid/alert_triggers', requireAuth);

  router.get('/:ulid/alert_rules', async (req, res) => {
    res.json(await alertRules.listAlertRules(ctx, currentUser(req), ulidParam(req.params.ulid)));
  });

  router.post('/:ulid/alert_rules', async (req, res) => {
    const sensorId = ulidParam(req.params.ulid);
    const input = parseBody(alertRuleInputSchema, req);
    const rule = await alertRules.createAlertRule(ctx, currentUser(req), sensorId, input);
    res.status(201).location(rule['@id']).json(rule);
  });

  router.get('/:ulid/alert_triggers', async (req, res) => {
    const { page } = pageQuery.parse(req.query);
    const sensorId = ulidParam(req.params.ulid);
    res.json(await alertRules.listAlertTriggers(ctx, currentUser(req), sensorId, page));
  });

  return router;
}

/** One rule, mounted at /api/alert_rules. */
export function alertRuleRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/:id', async (req, res) => {
    res.json(await alertRules.getAlertRule(ctx, currentUser(req), ulidParam(req.params.id)));
  });

  router.patch('/:id', async (req, res) => {
    const input = parseBody(alertRulePatchSchema, req);
    res.json(
      await alertRules.patchAlertRule(ctx, currentUser(req), ulidParam(req.params.id), input),
    );
  });

  router.delete('/:id', async (req, res) => {
    await alertRules.deleteAlertRule(ctx, currentUser(req), ulidParam(req.params.id));
    res.status(204).end();
  });

  return router;
}

/** One entry of a sensor's history, mounted at /api/alert_triggers (its @id dereferences). */
export function alertTriggerRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/:id', async (req, res) => {
    res.json(await alertRules.getAlertTrigger(ctx, currentUser(req), ulidParam(req.params.id)));
  });
  return router;
}
