import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the process is shutting down (set by AirCloudApp.drain). */
export interface Lifecycle {
  draining: boolean;
}

/**
 * Liveness (/healthz) and readiness (/readyz: PostgreSQL and Redis answer, and the process is not
 * shutting down: once draining, 503 `draining`, so a proxy sends new requests elsewhere).
 */
export function healthRoutes(
  ctx: Pick<AppContext, 'db' | 'redis'>,
  lifecycle: Lifecycle = { draining: false },
): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (lifecycle.draining) {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'draining' });
      return;
    }
    const [database, redis] = await Promise.all([
      probe(() => ctx.db.execute(sql`select 1`)),
      probe(() => ctx.redis.ping()),
    ]);
    const ready = database === 'ok' && redis === 'ok';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable', checks: { database, redis } });
  });
  return router;
}
