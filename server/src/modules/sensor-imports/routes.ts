import type { Queue } from 'bullmq';
import { Router } from 'express';
import { z } from 'zod';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import { isStoredUlid } from '@aircloud/shared/ids';
import { pageParam } from '@aircloud/shared/pagination';
import type { AppContext } from '../../context.ts';
import type { JobData } from '@aircloud/core/queues';
import { AppError } from '@aircloud/core/errors';
import { currentUser } from '../../http/authenticate.ts';
import { incomingUpload } from '../../http/upload.ts';
import './openapi.ts';
import {
  cancelImport,
  getImport,
  listImports,
  previewSensorImport,
  startSensorImport,
} from './service.ts';

const listQuerySchema = z.object({ page: pageParam() });
/** `?dry_run=1` (or `true`): answer the preview, store nothing. */
const postQuerySchema = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'], { error: 'validation.invalid_choice' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

function ulidParam(value: string): string {
  if (!isStoredUlid(value)) throw new AppError(404, 'not_found');
  return value;
}

/**
 * Sensor data CSV imports, mounted at /api: `POST|GET /api/sensors/{ulid}/imports`,
 * `GET|DELETE /api/sensor_imports/{id}`. The worker's ImportSensorData task does the work.
 */
export function sensorImportRoutes(
  ctx: AppContext,
  queue: Queue<JobData['sensor-import']>,
): Router {
  const router = Router();

  router.post('/sensors/:ulid/imports', async (req, res) => {
    const sensorId = ulidParam(req.params.ulid);
    const { dry_run: dryRun } = postQuerySchema.parse(req.query);
    let body;
    try {
      const lang = pickLanguage(req.get('accept-language'));
      if (dryRun) {
        const preview = await previewSensorImport(
          ctx,
          currentUser(req),
          sensorId,
          incomingUpload(req),
          lang,
        );
        res.json(preview);
        return;
      }
      body = await startSensorImport(
        ctx,
        queue,
        currentUser(req),
        sensorId,
        incomingUpload(req),
        lang,
      );
    } catch (err) {
      // The rest of the body may still be on its way: do not keep reading it.
      if (!req.complete) res.set('Connection', 'close');
      throw err;
    }
    res.status(202).location(body['@id']).json(body);
  });

  router.get('/sensors/:ulid/imports', async (req, res) => {
    const sensorId = ulidParam(req.params.ulid);
    const { page } = listQuerySchema.parse(req.query);
    res.json(await listImports(ctx, currentUser(req), sensorId, page));
  });

  router.get('/sensor_imports/:id', async (req, res) => {
    res.json(await getImport(ctx, currentUser(req), ulidParam(req.params.id)));
  });

  router.delete('/sensor_imports/:id', async (req, res) => {
    res.json(await cancelImport(ctx, currentUser(req), ulidParam(req.params.id)));
  });

  return router;
}
