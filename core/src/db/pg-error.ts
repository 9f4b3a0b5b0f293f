/**
 * PostgreSQL errors as they reach the code: under Drizzle's wrapper (`cause`), sometimes under
 * one more. One walker of the cause chain, and the questions asked of it.
 */

/** How deep a cause chain is followed (driver error, ORM wrapper, a caller's wrapper…). */
const MAX_DEPTH = 5;

/** The error and its causes, outermost first. */
export function* causeChain(err: unknown): Generator<Record<string, unknown>> {
  for (let e: unknown = err, depth = 0; e && depth < MAX_DEPTH; depth += 1) {
    if (typeof e !== 'object') return;
    const candidate = e as Record<string, unknown>;
    yield candidate;
    e = candidate.cause;
  }
}

/** What the code reads of a PostgreSQL error: its SQLSTATE and the constraint it names. */
export interface PgError {
  code: string;
  constraint?: string;
}

// A SQLSTATE (class 00-5x, F0, HV, P0 or XX), not a Node error code such as EPIPE.
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The PostgreSQL error (SQLSTATE, constraint) behind a driver or ORM error, if any. */
export function pgErrorOf(err: unknown): PgError | null {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code))
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      };
  }
  return null;
}

/** True when the error is a unique_violation (23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
