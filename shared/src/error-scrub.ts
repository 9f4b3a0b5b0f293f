/**
 * What never leaves for the error-reporting service (server and browser alike): credentials in
 * headers, cookies, query strings, bodies and messages. One pass over a whole event, whatever its
 * shape (Sentry's `request`, `breadcrumbs`, `extra`, `contexts`, exception messages).
 */

/** What a removed value is replaced with. */
export const FILTERED = '[Filtered]';

/** Object keys (headers, body fields, cookies, context entries) whose values are never sent. */
const SENSITIVE_KEY =
  /passw|passphrase|^pass$|secret|token|authori[sz]ation|cookie|api[-_]?key|private[-_]?key|product[-_]?key|claim[-_]?key|session|jwt|dsn|credential|signature/i;

/** Query parameters that carry a credential (an activation code, a reset token, a key). */
const SENSITIVE_PARAM =
  /^(code|key|sig|signature|password|passwd|secret|dsn|.*token.*|.*secret.*|api[-_]?key|auth.*)$/i;

/** Credentials that show up inside free text: bearer values, JWTs, credentials in query strings. */
const TEXT_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${FILTERED}`],
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, FILTERED],
  [
    /([?&;\s](?:code|key|sig|signature|password|passwd|secret|[\w-]*token[\w-]*|api[-_]?key)=)[^&#;\s"']*/gi,
    `$1${FILTERED}`,
  ],
  // user:password@ in URLs (a DSN, a database URL).
  [/(\b[a-z][\w+.-]*:\/\/[^/\s:@]+:)[^@\s/]+@/gi, `$1${FILTERED}@`],
];

/** Removes credentials from a piece of text (a message, a URL, a query string). */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Query string (`a=1&token=x`, without `?`) with its credentials replaced. */
function scrubQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return rest.length > 0 && SENSITIVE_PARAM.test(decodeSafe(name))
        ? `${name}=${FILTERED}`
        : scrubText(pair);
    })
    .join('&');
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A value with every credential replaced (a deep copy; the input is left as it was). */
function scrubValue(
  value: unknown,
  key: string | undefined,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (key !== undefined && SENSITIVE_KEY.test(key) && value !== null && value !== undefined)
    return FILTERED;
  if (typeof value === 'string') {
    return key === 'query_string' ? scrubQuery(value.replace(/^\?/, '')) : scrubText(value);
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 12 || seen.has(value)) return '[Truncated]';
  seen.add(value);
  if (Array.isArray(value)) {
    // Sentry's query_string may be [name, value] pairs.
    if (key === 'query_string')
      return value.map((pair: unknown): unknown =>
        Array.isArray(pair) && SENSITIVE_PARAM.test(String(pair[0]))
          ? [pair[0], FILTERED]
          : scrubValue(pair, undefined, depth + 1, seen),
      );
    return value.map((item: unknown): unknown => scrubValue(item, undefined, depth + 1, seen));
  }
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    out[name] =
      key === 'query_string' && SENSITIVE_PARAM.test(name)
        ? FILTERED
        : scrubValue(inner, name, depth + 1, seen);
  }
  return out;
}

/**
 * An error event with its credentials removed: the `beforeSend` of every error reporter.
 * Authorization, Cookie and Set-Cookie headers, cookies, password / token / secret fields of
 * bodies, credentials in query strings and in any text (bearer values, JWTs, `token=` params).
 */
export function scrubErrorEvent<T>(event: T): T {
  return scrubValue(event, undefined, 0, new WeakSet()) as T;
}
