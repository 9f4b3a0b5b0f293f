import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeEffectiveness, makeForecast } from './purifierFixtures.ts';

/**
 * The MSW server of the client tests; each test adds its handlers. The home page (/purifiers)
 * and the sensor list are the pages guard and menu tests land on, so they get an empty list
 * unless a test serves its own; the overrides of the translations screen are empty, and so is
 * the bell.
 */
const emptyCollection = (resource: 'Purifier' | 'Sensor', path: string) => () =>
  HttpResponse.json({
    '@context': `/api/contexts/${resource}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': [],
    'hydra:totalItems': 0,
  });

export const server = setupServer(
  http.get('/api/purifiers', emptyCollection('Purifier', '/api/purifiers')),
  http.get('/api/sensors', emptyCollection('Sensor', '/api/sensors')),
  // The bell of the top navigation counts the unread notifications: none by default.
  http.get('/api/notifications', () =>
    HttpResponse.json({
      '@context': '/api/contexts/Notification',
      '@id': '/api/notifications',
      '@type': 'hydra:Collection',
      'hydra:member': [],
      'hydra:totalItems': 0,
      unread_count: 0,
    }),
  ),
  http.get('/api/webhooks', () =>
    HttpResponse.json({
      '@context': '/api/contexts/Webhook',
      '@id': '/api/webhooks',
      '@type': 'hydra:Collection',
      'hydra:member': [],
      'hydra:totalItems': 0,
    }),
  ),
  // A purifier's summary and maintenance tab ask for its measured air changes and its forecast:
  // no linked sensor and nothing worn, unless a test serves its own.
  http.get('/api/purifiers/:ulid/effectiveness', () =>
    HttpResponse.json(makeEffectiveness({ sensors: 0, updated_at: null })),
  ),
  http.get('/api/purifiers/:ulid/maintenance_forecast', () => HttpResponse.json(makeForecast())),
  // Every language loads the administrators' overrides over its catalogue: none by default.
  http.get('/api/translations/:lang/overrides', () => HttpResponse.json({})),
  // An administrator's sensor list shows how long telemetry is kept.
  http.get('/api/telemetry_retention', () =>
    HttpResponse.json({
      '@type': 'TelemetryRetention',
      raw_months: 13,
      hourly_months: 60,
      raw_kept_from: '2025-10-01T00:00:00.000Z',
      hourly_kept_from: '2021-11-01T00:00:00.000Z',
      oldest_raw_month: '2025-10-01T00:00:00.000Z',
    }),
  ),
);
