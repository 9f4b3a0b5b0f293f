import type { FetchArgs } from '@reduxjs/toolkit/query';

/** A GET that public/early-requests.js started with the page: when, and its JSON (null: not a 200). */
interface EarlyGet {
  at: number;
  answer: Promise<unknown>;
}

/**
 * How long after it was asked an early answer may stand in for a request: it serves the first
 * page, never a later visit that expects fresh data.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** The URL fetchBaseQuery sends for `args` (its query string from `params`, in their order). */
export function requestUrl(args: FetchArgs): string {
  if (!args.params) return args.url;
  const defined = Object.entries(args.params as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  if (defined.length === 0) return args.url;
  const query = new URLSearchParams(defined.map(([k, v]) => [k, String(v)])).toString();
  return `${args.url}${args.url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The answer of the early GET of `url`, once and while fresh; undefined when there is none (the
 * caller asks the server itself).
 */
export function takeEarlyAnswer(url: string): Promise<unknown> | undefined {
  const early = (globalThis as { __aircloudEarlyGets?: Record<string, EarlyGet> })
    .__aircloudEarlyGets;
  const found = early?.[url];
  if (!early || !found) return undefined;
  delete early[url];
  if (performance.now() - found.at > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return found.answer;
}
