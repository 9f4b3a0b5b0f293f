import { Router, type Request } from 'express';
import type { AppContext } from '../context.ts';
import { AppError } from '@aircloud/core/errors';
import { buildOpenApiDocument } from '../openapi/registry.ts';
import {
  HYDRA,
  apiDocumentation,
  contextDocument,
  entrypointDocument,
  hydraModel,
  type HydraModel,
  type OpenApiDocument,
} from './documentation.ts';
import './openapi.ts';

/** The origin the client reached (behind a trusted proxy, its forwarded protocol). */
const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/**
 * Mounted at /api before the resources: the `Link` header to the hydra documentation on every
 * API answer, the entrypoint `GET /api`, `GET /api/docs.jsonld` and the `@context` documents
 * `GET /api/contexts/{name}`. Public: they describe the API, not anybody's data.
 */
export function hydraRoutes(ctx: AppContext): Router {
  const router = Router();
  let model: HydraModel | undefined;
  // Built on first use, once every module has registered its routes.
  const hydra = () =>
    (model ??= hydraModel(
      buildOpenApiDocument(ctx.config.publicUrl) as unknown as OpenApiDocument,
    ));

  router.use((req, res, next) => {
    res.set('Link', `<${originOf(req)}/api/docs.jsonld>; rel="${HYDRA}apiDocumentation"`);
    next();
  });
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(entrypointDocument(hydra()));
  });
  router.get('/docs.jsonld', (req, res) => {
    res.set('Cache-Control', 'no-cache').json(apiDocumentation(hydra(), originOf(req)));
  });
  router.get('/contexts/:name', (req, res) => {
    const context = contextDocument(hydra(), req.params.name, originOf(req));
    if (!context) throw new AppError(404, 'not_found');
    res.set('Cache-Control', 'no-cache').json(context);
  });
  return router;
}
