/**
 * The worker process's entry (what `dist/worker.js` runs): tracing first when an OTLP endpoint
 * is configured, then the worker itself (main.ts), imported only afterwards so that pg, ioredis
 * and BullMQ load under the instrumentation hooks. Without an endpoint nothing is added.
 */
import { startTracingIfConfigured } from '@aircloud/core/tracing/bootstrap';

await startTracingIfConfigured('aircloud-worker');
await import('./main.ts');
