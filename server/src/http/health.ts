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

/** Liveness (/healthz) and readiness (/readyz: PostgreSQL and Redis answer). */
export function healthRoutes(ctx: Pick<AppContext, 'db' | 'redis'>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
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
