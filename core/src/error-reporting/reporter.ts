/**
 * Error reporting to a Sentry-compatible service (SENTRY_DSN): errors only, no performance data
 * (traces go over OpenTelemetry). Nothing is loaded without a DSN: `reportError` is then a no-op.
 * Every event goes through the shared scrubber before it leaves (tokens, cookies, passwords).
 */
import { trace } from '@opentelemetry/api';
import type { Client, Event, Scope } from '@sentry/core';
import type { Logger } from 'pino';
import { scrubErrorEvent } from '@aircloud/shared/error-scrub';
import { isClosedConnectionRejection } from '../lib/redis.ts';

/** What a report says about where the error happened. */
export interface ErrorContext {
  /** The request being answered (its headers and query are scrubbed before sending). */
  request?: {
    method: string;
    url: string;
    headers?: Record<string, string | string[] | undefined>;
  };
  /** Short searchable facts: the queue and job name, the route. */
  tags?: Record<string, string>;
  /** The signed-in user's id (never an e-mail address). */
  userId?: string;
}

export interface ErrorReportingOptions {
  dsn: string | undefined;
  /** aircloud-server, aircloud-worker. */
  serviceName: string;
  environment?: string;
  release?: string;
}

let client: Client | undefined;
let ScopeClass: (new () => Scope) | undefined;

/**
 * Starts reporting when a DSN is configured (loads @sentry/core only then); answers whether it
 * did. Events are sent with `fetch` to the DSN's envelope endpoint.
 */
export async function initErrorReporting(options: ErrorReportingOptions): Promise<boolean> {
  if (!options.dsn) return false;
  const sentry = await import('@sentry/core');
  const { ServerRuntimeClient, nodeStackLineParser } = await import('@sentry/core/server');
  const created = new ServerRuntimeClient({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release ?? process.env.npm_package_version,
    serverName: options.serviceName,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    // No cookies, bodies or user details collected by the SDK itself (scrubbed besides).
    dataCollection: { userInfo: false, cookies: false, httpBodies: [] },
    tracesSampleRate: 0,
    integrations: [sentry.linkedErrorsIntegration(), sentry.dedupeIntegration()],
    stackParser: sentry.createStackParser(nodeStackLineParser()),
    transport: (transportOptions) =>
      sentry.createTransport(transportOptions, async (request) => {
        const res = await fetch(transportOptions.url, {
          method: 'POST',
          body: request.body as RequestInit['body'],
          headers: transportOptions.headers,
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel();
        return {
          statusCode: res.status,
          headers: {
            'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
            'retry-after': res.headers.get('retry-after'),
          },
        };
      }),
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubErrorEvent(breadcrumb),
  });
  created.init();
  client = created;
  ScopeClass = sentry.Scope;
  return true;
}

/** True when errors are being reported. */
export function errorReportingEnabled(): boolean {
  return client !== undefined;
}

/**
 * Reports an unexpected error (a 500, a job failed for good) with its context; does nothing
 * when reporting is off. Never throws and never waits for the network.
 */
export function reportError(err: unknown, context: ErrorContext = {}): void {
  if (!client || !ScopeClass) return;
  try {
    const scope = new ScopeClass();
    scope.setClient(client);
    if (context.tags) scope.setTags(context.tags);
    if (context.userId) scope.setUser({ id: context.userId });
    // The trace this error belongs to, when tracing is on: one click from the error to its trace.
    const span = trace.getActiveSpan()?.spanContext();
    if (span) scope.setTags({ trace_id: span.traceId, span_id: span.spanId });
    const { request } = context;
    if (request) {
      const [path = '', query] = request.url.split('?', 2);
      scope.addEventProcessor((event: Event): Event => ({
        ...event,
        request: {
          method: request.method,
          url: path,
          query_string: query,
          headers: Object.fromEntries(
            Object.entries(request.headers ?? {}).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.join(', ') : (v ?? ''),
            ]),
          ),
        },
      }));
    }
    client.captureException(err, undefined, scope);
  } catch {
    // Reporting must never turn one error into two.
  }
}

/** Sends the reports still queued (at shutdown, within `timeoutMs`); a no-op when off. */
/**
 * What a process does with an error that ends it (an unhandled rejection, an uncaught
 * exception): reports it, waits for the report to leave (2 s at most), then exits with 1.
 */
export function exitOnFatal(err: unknown, kind: 'unhandledRejection' | 'uncaughtException'): void {
  reportError(err, { tags: { fatal: kind } });
  void flushErrorReporting().finally(() => process.exit(1));
}

/**
 * The server's and worker's handlers of what would end them: logged, reported (SENTRY_DSN), then
 * exit 1 (the supervisor or the container restarts them). A Redis command dropped with its
 * connection is only a warning (isClosedConnectionRejection).
 */
export function exitOnFatalErrors(logger: Pick<Logger, 'warn' | 'fatal'>): void {
  process.on('unhandledRejection', (reason) => {
    if (isClosedConnectionRejection(reason)) {
      logger.warn({ err: reason }, 'a Redis command was dropped with its connection');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    exitOnFatal(reason, 'unhandledRejection');
  });
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    exitOnFatal(err, 'uncaughtException');
  });
}

export async function flushErrorReporting(timeoutMs = 2000): Promise<void> {
  try {
    await client?.flush(timeoutMs);
  } catch {
    // nothing more to do at shutdown
  }
}
