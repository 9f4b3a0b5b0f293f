import { Router, type RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { AppContext } from '../context.ts';
import './foundation.ts';
import { buildOpenApiDocument } from './registry.ts';

/**
 * Swagger UI is served from the local swagger-ui-dist; its page needs inline styles and data:
 * images, and nothing from elsewhere. Only this route gets this policy.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const docsCsp: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  next();
};

/** GET /api_documentation (Swagger UI) and GET /api_documentation.json (OpenAPI 3.1). */
export function openApiRoutes(ctx: AppContext): Router {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  // Built on first use, once every module has registered its routes.
  const openApiDocument = () => (document ??= buildOpenApiDocument(ctx.config.publicUrl));

  router.get('/api_documentation.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(openApiDocument());
  });

  const options = {
    customSiteTitle: 'AirCloud API',
    customCss: '',
    swaggerOptions: { url: '/api_documentation.json', validatorUrl: null },
  };
  router.use(
    '/api_documentation',
    docsCsp,
    swaggerUi.serveFiles(undefined, options),
    swaggerUi.setup(undefined, options),
  );
  return router;
}
