import express, { type Express, type Request } from 'express';

/** The media types of a JSON-LD answer, the first one being the default. */
const JSON_LD_TYPES = ['application/ld+json', 'application/json'];

/** Whether a body is a JSON-LD document: an object with `@context`, `@id` or `@type`. */
function isJsonLdBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    ('@context' in body || '@id' in body || '@type' in body)
  );
}

/**
 * Makes `res.json` answer JSON-LD bodies as `application/ld+json` (the API's documented type),
 * unless the request's Accept prefers plain `application/json`; other bodies stay
 * `application/json`. Set on the app's response prototype: no work per request.
 */
export function answerJsonLd(app: Express): void {
  const json = express.response.json;
  app.response.json = function jsonLd(this: express.Response, body?: unknown) {
    if (!this.get('Content-Type') && isJsonLdBody(body)) {
      const wanted = (this.req as Request).accepts(JSON_LD_TYPES) || JSON_LD_TYPES[0]!;
      this.type(wanted === 'application/json' ? 'application/json' : 'application/ld+json');
    }
    return json.call(this, body);
  };
}
