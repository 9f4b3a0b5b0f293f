import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRetentionStart } from '@aircloud/core/telemetry/retention';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';

let t: TestApp;
let admin: Session;
let tech: Session;

beforeAll(async () => {
  t = await startTestApp({ RETENTION_RAW_MONTHS: '6', RETENTION_HOURLY_MONTHS: '24' });
  [admin, tech] = await Promise.all([signIn(t, 'ROLE_ADMIN'), signIn(t, 'ROLE_TECHNICIAN')]);
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /api/telemetry_retention', () => {
  it('answers the settings, the boundaries of today and the oldest raw month stored', async () => {
    const res = await request(t.url).get('/api/telemetry_retention').set('Cookie', admin.cookie);
    expect(res.status).toBe(200);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    expect(res.body).toEqual({
      '@type': 'TelemetryRetention',
      raw_months: 6,
      hourly_months: 24,
      raw_kept_from: rawRetentionStart(now, { rawMonths: 6 }).toISOString(),
      hourly_kept_from: rawRetentionStart(now, { rawMonths: 24 }).toISOString(),
      // A fresh database holds the partitions from last month on.
      oldest_raw_month: lastMonth.toISOString(),
    });
  });

  it('answers 401 without a session and 403 to a technician', async () => {
    expect((await request(t.url).get('/api/telemetry_retention')).status).toBe(401);
    const res = await request(t.url).get('/api/telemetry_retention').set('Cookie', tech.cookie);
    expect(res.status).toBe(403);
  });
});
