import { Router } from 'express';
import {
  changeProductKeyStateSchema,
  exportProductKeysSchema,
  generateProductKeysSchema,
  productKeysQuerySchema,
} from '@aircloud/shared/product-keys';
import type { AppContext } from '../../context.ts';
import { currentUser, requireRole } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import { hydraCollection } from '@aircloud/core/jsonld';
import './openapi.ts';
import { productKeyPresenter } from './presenter.ts';
import { listProductKeys } from '@aircloud/core/product-keys/repository';
import * as productKeys from './service.ts';

/** Key management for technicians and admins, mounted at /api/product_keys. */
export function productKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireRole('ROLE_TECHNICIAN'));

  router.get('/', async (req, res) => {
    const query = productKeysQuerySchema.parse(req.query);
    const filter = { search: query.search || undefined, state: query.state, model: query.model };
    const { rows, total } = await listProductKeys(ctx.db, filter, query.page);
    res.json(
      hydraCollection('/api/product_keys', 'ProductKey', rows.map(productKeyPresenter), total, {
        page: query.page,
        params: filter,
      }),
    );
  });

  router.post('/generate', async (req, res) => {
    const batch = await productKeys.generateProductKeys(
      ctx,
      currentUser(req),
      parseBody(generateProductKeysSchema, req),
    );
    res.status(201).json(batch);
  });

  router.post('/export', async (req, res) => {
    const csv = await productKeys.exportProductKeys(
      ctx,
      currentUser(req),
      parseBody(exportProductKeysSchema, req),
    );
    const day = new Date().toISOString().slice(0, 10);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="product-keys-${day}.csv"`)
      .set('Cache-Control', 'no-store')
      .send(csv);
  });

  router.get('/:id', async (req, res) => {
    res.json(await productKeys.getProductKey(ctx, req.params.id));
  });

  router.patch('/:id', async (req, res) => {
    const { state } = parseBody(changeProductKeyStateSchema, req);
    res.json(await productKeys.changeProductKeyState(ctx, currentUser(req), req.params.id, state));
  });

  router.post('/:id/regenerate', async (req, res) => {
    res.json(await productKeys.regenerateProductKey(ctx, currentUser(req), req.params.id));
  });

  router.post('/:id/unlink', async (req, res) => {
    res.json(await productKeys.unlinkProductKey(ctx, currentUser(req), req.params.id));
  });

  return router;
}
