import { Router } from 'express';
import { pageParam } from '@aircloud/shared/pagination';
import {
  activatePurifierSchema,
  maintenanceEventSchema,
  patchPurifierSchema,
  purifiersQuerySchema,
} from '@aircloud/shared/purifiers';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { iri } from '@aircloud/core/jsonld';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as purifiers from './service.ts';

const pageQuery = z.object({ page: pageParam() });

/** Purifiers of the signed-in user (admins: anyone's), mounted at /api/purifiers. */
export function purifierRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const query = purifiersQuerySchema.parse(req.query);
    res.json(await purifiers.listPurifiersFor(ctx, currentUser(req), query));
  });

  router.post('/activate', async (req, res) => {
    const input = parseBody(activatePurifierSchema, req);
    const purifier = await purifiers.activatePurifier(ctx, currentUser(req), input);
    res.status(201).location(purifier['@id']).json(purifier);
  });

  router.get('/:ulid', async (req, res) => {
    res.json(await purifiers.getPurifier(ctx, currentUser(req), req.params.ulid));
  });

  router.patch('/:ulid', async (req, res) => {
    const input = parseBody(patchPurifierSchema, req);
    res.json(await purifiers.patchPurifier(ctx, currentUser(req), req.params.ulid, input));
  });

  router.delete('/:ulid', async (req, res) => {
    await purifiers.removePurifier(ctx, currentUser(req), req.params.ulid);
    res.status(204).end();
  });

  router.delete('/:ulid/sensors/:sensorUlid', async (req, res) => {
    await purifiers.unlinkPurifierSensor(
      ctx,
      currentUser(req),
      req.params.ulid,
      req.params.sensorUlid,
    );
    res.status(204).end();
  });

  router.get('/:ulid/maintenance_events', async (req, res) => {
    const { page } = pageQuery.parse(req.query);
    res.json(await purifiers.listMaintenance(ctx, currentUser(req), req.params.ulid, page));
  });

  router.get('/:ulid/maintenance_events/:id', async (req, res) => {
    res.json(await purifiers.getMaintenance(ctx, currentUser(req), req.params.ulid, req.params.id));
  });

  router.post('/:ulid/maintenance_events', async (req, res) => {
    const input = parseBody(maintenanceEventSchema, req);
    const event = await purifiers.recordMaintenance(ctx, currentUser(req), req.params.ulid, input);
    res.status(201).location(iri('purifiers', req.params.ulid)).json(event);
  });

  return router;
}
