/**
 * What a process entry calls before it loads anything else: OpenTelemetry tracing starts only
 * when an OTLP endpoint is configured. Otherwise nothing is loaded (no SDK, no hooks, no cost on
 * the ingest path). Kept free of static imports so the entry stays light.
 */

type Env = Record<string, string | undefined>;

/** True when traces are to be exported: an OTLP endpoint is set and the SDK is not disabled. */
export function tracingEnabled(env: Env = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return (
    Boolean(endpoint) && env.OTEL_SDK_DISABLED !== 'true' && env.OTEL_TRACES_EXPORTER !== 'none'
  );
}

/**
 * Starts tracing for `serviceName` (OTEL_SERVICE_NAME overrides it) when enabled; answers
 * whether it did. Call it, then import the application dynamically: the instrumentation hooks
 * only patch pg, ioredis, express and http when they load after it.
 */
export async function startTracingIfConfigured(
  serviceName: string,
  env: Env = process.env,
): Promise<boolean> {
  if (!tracingEnabled(env)) return false;
  const { startTracing } = await import('./sdk.ts');
  startTracing(env.OTEL_SERVICE_NAME || serviceName, env);
  started = true;
  return true;
}

let started = false;

/** Sends the spans still buffered before the process exits; nothing to do when tracing is off. */
export async function flushTracing(): Promise<void> {
  if (!started) return;
  const { stopTracing } = await import('./sdk.ts');
  await stopTracing();
}
