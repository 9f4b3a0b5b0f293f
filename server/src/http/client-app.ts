import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
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
  router.use('/assets', precompressedAssets(join(root, 'assets')));
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
  // The HTML carries the first paint's stylesheet: sent compressed, as the assets are.
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = acceptedCopy(req.get('accept-encoding') ?? '', index);
    if (!encoding) return res.sendFile(index);
    res.setHeader('Content-Encoding', encoding[0]);
    res.type('html');
    res.sendFile(index + encoding[1]);
  };
  router.use(spaFallback);
  return router;
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The encoding and suffix of the compressed copy of `file` the browser accepts, if one exists. */
function acceptedCopy(accepted: string, file: string) {
  return ENCODINGS.find(([name, ext]) => accepted.includes(name) && existsSync(file + ext));
}

/**
 * Serves the `.br` or `.gz` copy the build wrote next to an asset when the browser accepts that
 * encoding; anything else falls through to the plain file.
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const accepted = req.get('accept-encoding') ?? '';
    const file = resolve(assetsDir, `.${decodeURIComponent(req.path)}`);
    if (!file.startsWith(assetsDir + sep)) return next();
    const encoding = acceptedCopy(accepted, file);
    if (!encoding) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding[0]);
    res.type(extname(file));
    res.sendFile(file + encoding[1], {
      headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  };
}

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts of the built
 * `index.html` (the theme and the early requests, inlined by the build so that nothing blocks the
 * first paint): the policy allows exactly these scripts and no other inline one. None without a
 * build.
 */
export function inlineScriptHashes(clientDist: string): string[] {
  const index = join(resolve(clientDist), 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}
