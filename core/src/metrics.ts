import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * Prometheus metrics of one process (prom-client): each process has its own registry with the
 * default process metrics (CPU, memory, handles, event-loop lag) labelled with its service, and
 * adds its own (server/src/http/metrics.ts, worker/src/metrics.ts). Scraped at GET /metrics with
 * `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md).
 */
export function createMetricsRegistry(service: 'server' | 'worker'): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return registry;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header carries the metrics token (constant-time compare). Without a
 * configured token nothing is allowed: metrics are off.
 */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * A small HTTP server for a process that has no HTTP server of its own (the worker): GET /healthz
 * (liveness, for the container's health check) and GET /metrics (200 with the registry's text for
 * the right token, 401 otherwise); 404 elsewhere.
 */
export function serveMetrics(registry: Registry, token: string | undefined): Server {
  return createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && url === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.method !== 'GET' || url !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, token)) {
      res
        .writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text))
      .catch(() => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'));
  });
}
