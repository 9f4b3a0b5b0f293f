import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/**
 * Serves the built React app when `clientDist` exists: hashed files under /assets cached for a
 * year, index.html never cached, and index.html for any other GET (client-side routes).
 */
export function clientAppRoutes(clientDist: string): Router | null {
  const root = resolve(clientDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const router = Router();
  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, path) {
        if (path.startsWith(join(root, 'assets')))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  router.use(spaFallback);
  return router;
}
