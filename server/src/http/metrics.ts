import type { RequestHandler } from 'express';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { createMetricsRegistry, metricsAuthorized } from '@aircloud/core/metrics';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { documentedRoutes } from '../openapi/registry.ts';

/** The server process's metrics: HTTP durations, Socket.IO connections (devices add theirs). */
export interface ServerMetrics {
  registry: Registry;
  /** Times every HTTP answer by route template and status (register before the routes). */
  observeHttp: RequestHandler;
  /** GET /metrics: the Prometheus text for the right bearer token. */
  route: RequestHandler;
}

/**
 * The documented route template a request path belongs to (`/api/purifiers/{ulid}`), from the
 * OpenAPI registry, or `unmatched`: answers refused before their route ran (401, 403, 422) keep
 * their template, and paths nobody documented (the SPA, assets, probes) share one series.
 */
export function routeTemplateMatcher(routes: () => string[]) {
  let byMethod: Map<string, { template: string; pattern: RegExp }[]> | null = null;
  const build = () => {
    const map = new Map<string, { template: string; pattern: RegExp; params: number }[]>();
    for (const route of routes()) {
      const [method, template] = route.split(' ') as [string, string];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      const list = map.get(method) ?? [];
      list.push({
        template,
        pattern: new RegExp(`^${source}/?$`),
        params: template.split('{').length,
      });
      map.set(method, list);
    }
    // Literal paths before templated ones (`/api/purifiers/activate` before `/{ulid}`).
    for (const list of map.values()) list.sort((a, b) => a.params - b.params);
    return map;
  };
  return (method: string, path: string): string => {
    byMethod ??= build();
    return byMethod.get(method)?.find((r) => r.pattern.test(path))?.template ?? 'unmatched';
  };
}

/** Namespaces whose open sockets are counted. */
const NAMESPACES = ['/', '/device', '/public'];

/**
 * Builds the server's registry. Routes are labelled by their documented template, never by their
 * path, so the series stay few.
 */
export function createServerMetrics(io: RealtimeServer, token: string | undefined): ServerMetrics {
  const registry = createMetricsRegistry('server');
  const httpDuration = new Histogram({
    name: 'aircloud_http_request_duration_seconds',
    help: 'HTTP answers by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'aircloud_socket_connections',
    help: 'Open Socket.IO connections of this process by namespace',
    labelNames: ['namespace'] as const,
    registers: [registry],
    collect() {
      for (const namespace of NAMESPACES) this.set({ namespace }, io.of(namespace).sockets.size);
    },
  });

  const templateOf = routeTemplateMatcher(documentedRoutes);
  const observeHttp: RequestHandler = (req, res, next) => {
    const end = httpDuration.startTimer();
    const method = req.method;
    const path = req.path;
    res.once('finish', () => {
      end({ method, route: templateOf(method, path), status: String(res.statusCode) });
    });
    next();
  };

  const route: RequestHandler = (req, res, next) => {
    // Off without a token: the path then belongs to nobody (404), as an unknown one.
    if (!token) return next();
    if (!metricsAuthorized(req.get('authorization'), token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      return;
    }
    registry
      .metrics()
      .then((text) => res.set('Cache-Control', 'no-store').type(registry.contentType).send(text))
      .catch(next);
  };
  return { registry, observeHttp, route };
}
