import { Router, type Response } from 'express';
import {
  createSensorSchema,
  exportQuerySchema,
  measuresQuerySchema,
  patchSensorSchema,
  sensorPurifiersSchema,
  sensorsQuerySchema,
} from '@aircloud/shared/sensors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth, requireRole } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import { exportAttachment } from './export.ts';
import './openapi.ts';
import * as sensors from './service.ts';

/**
 * Sends JSON that PostgreSQL already wrote (graph data, up to about a megabyte) as is: no parse,
 * no re-serialisation, no ETag hashing of the body.
 */
function sendJsonText(res: Response, body: string): void {
  res.status(200).set('Content-Type', 'application/json; charset=utf-8').end(body);
}

/** Sensors of the signed-in user (technicians and admins: all), mounted at /api/sensors. */
export function sensorRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const query = sensorsQuerySchema.parse(req.query);
    res.json(await sensors.listSensorsFor(ctx, currentUser(req), query));
  });

  // The role before the body: a user's provisioning attempt is 403, never a 422 about fields.
  router.post('/', requireRole('ROLE_TECHNICIAN'), async (req, res) => {
    const input = parseBody(createSensorSchema, req);
    const sensor = await sensors.provisionSensorFor(ctx, currentUser(req), input);
    res.status(201).location(sensor['@id']).set('Cache-Control', 'no-store').json(sensor);
  });

  router.get('/:ulid', async (req, res) => {
    res.json(await sensors.getSensor(ctx, currentUser(req), req.params.ulid));
  });

  router.patch('/:ulid', async (req, res) => {
    const input = parseBody(patchSensorSchema, req);
    res.json(await sensors.patchSensor(ctx, currentUser(req), req.params.ulid, input));
  });

  router.delete('/:ulid', async (req, res) => {
    await sensors.removeSensor(ctx, currentUser(req), req.params.ulid);
    res.status(204).end();
  });

  router.put('/:ulid/purifiers', async (req, res) => {
    const input = parseBody(sensorPurifiersSchema, req);
    res.json(await sensors.setSensorPurifiers(ctx, currentUser(req), req.params.ulid, input));
  });

  router.get('/:ulid/measures', async (req, res) => {
    const query = measuresQuerySchema.parse(req.query);
    sendJsonText(
      res,
      await sensors.sensorMeasuresFor(ctx, currentUser(req), req.params.ulid, query),
    );
  });

  router.delete('/:ulid/measures', async (req, res) => {
    await sensors.deleteSensorHistory(ctx, currentUser(req), req.params.ulid);
    res.status(204).end();
  });

  router.get('/:ulid/export', async (req, res) => {
    const query = exportQuerySchema.parse(req.query);
    const sink = exportAttachment(res);
    await sensors.exportSensorMeasures(ctx, currentUser(req), req.params.ulid, query, sink);
  });

  return router;
}

/** Public sensors, without an account (only while `is_public`), mounted at /public/sensors. */
export function publicSensorRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/:ulid', async (req, res) => {
    res.json(await sensors.getPublicSensor(ctx, req.params.ulid));
  });

  router.get('/:ulid/measures', async (req, res) => {
    const query = measuresQuerySchema.parse(req.query);
    sendJsonText(res, await sensors.publicSensorMeasures(ctx, req.params.ulid, query));
  });

  return router;
}
