/**
 * The OpenTelemetry SDK of a process (loaded only when tracing is enabled, see bootstrap.ts):
 * spans of HTTP (in and out), Express routes, pg and ioredis, plus BullMQ producer and consumer
 * spans (bullmq-otel) that carry the W3C trace context inside each job, exported over OTLP/HTTP.
 */
import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BullMQOtel } from 'bullmq-otel';
import { setQueueTelemetry } from './queue-telemetry.ts';

type Env = Record<string, string | undefined>;

/** The spec's head sampling rate, when OTEL_TRACES_SAMPLER_ARG does not say otherwise. */
export const DEFAULT_SAMPLE_RATIO = 0.1;

/** Paths polled by health checks and scrapers: never traced. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The npm modules the ESM hook wraps (the others are left untouched, for speed). */
const HOOKED_MODULES = ['pg', 'pg-pool', 'ioredis', 'express'];

let provider: NodeTracerProvider | undefined;

/**
 * The head sampler from OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (the standard variables);
 * by default parent-based with a trace-id ratio of 0.1: a request either traced whole or not.
 */
export function samplerFromEnv(env: Env = process.env): Sampler {
  const arg = Number.parseFloat(env.OTEL_TRACES_SAMPLER_ARG ?? '');
  const ratio = Number.isFinite(arg) ? Math.min(1, Math.max(0, arg)) : DEFAULT_SAMPLE_RATIO;
  switch ((env.OTEL_TRACES_SAMPLER ?? '').trim().toLowerCase()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    default:
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Starts tracing: the ESM hook first (our bundles import pg and ioredis as ES modules), then the
 * provider, the instrumentations and the BullMQ telemetry. Call before the application loads.
 */
export function startTracing(serviceName: string, env: Env = process.env): void {
  if (provider) return;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: HOOKED_MODULES },
  });
  const resource = detectResources({
    detectors: [envDetector, processDetector, hostDetector],
  }).merge(resourceFromAttributes({ 'service.name': serviceName }));
  provider = new NodeTracerProvider({
    resource,
    sampler: samplerFromEnv(env),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Global provider, AsyncLocalStorage context and W3C trace-context propagation.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) =>
          UNTRACED_PATHS.has((req.url ?? '').split('?', 1)[0] ?? ''),
      }),
      // One span per route handler (named by its template), not one per middleware.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      }),
      // SQL text is parameterised (no values); Redis commands are named without their
      // arguments, which hold job payloads, e-mail addresses of rate limits and tokens.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
    ],
  });
  setQueueTelemetry(new BullMQOtel({ tracerName: 'bullmq' }));
}

/** Exports the spans still buffered and stops the provider (at shutdown); a no-op when off. */
export async function stopTracing(): Promise<void> {
  const current = provider;
  provider = undefined;
  setQueueTelemetry(undefined);
  await current?.shutdown().catch(() => undefined);
}
