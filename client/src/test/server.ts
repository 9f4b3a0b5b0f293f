import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The MSW server of the client tests; each test adds its handlers. The home page (/purifiers)
 * lists purifiers, so tests that land there get an empty list unless they serve their own; the
 * overrides of the translations screen are empty.
 */
export const server = setupServer(
  http.get('/api/purifiers', () =>
    HttpResponse.json({
      '@context': '/api/contexts/Purifier',
      '@id': '/api/purifiers',
      '@type': 'hydra:Collection',
      'hydra:member': [],
      'hydra:totalItems': 0,
    }),
  ),
  // Every language loads the administrators' overrides over its catalogue: none by default.
  http.get('/api/translations/:lang/overrides', () => HttpResponse.json({})),
);
