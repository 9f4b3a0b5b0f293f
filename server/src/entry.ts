/**
 * The server process's entry (what `dist/server.js` runs): tracing first when an OTLP endpoint
 * is configured, then the server itself (main.ts), imported only afterwards so that pg, ioredis,
 * Express and http load under the instrumentation hooks. Without an endpoint nothing is added.
 */
import { startTracingIfConfigured } from '@aircloud/core/tracing/bootstrap';

await startTracingIfConfigured('aircloud-server');
await import('./main.ts');
