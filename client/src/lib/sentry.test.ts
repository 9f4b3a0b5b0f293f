import { flush } from '@sentry/browser';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { startSentry } from './sentry.ts';

describe('startSentry', () => {
  it('sends an error to the DSN without the credentials it carries', async () => {
    const bodies: string[] = [];
    server.use(
      http.post('https://errors.example/api/7/envelope/', async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({});
      }),
    );
    const report = startSentry('https://publickey@errors.example/7');
    report(
      new Error('GET /api/security/reset?token=r3set failed: Authorization Bearer abc.def-123'),
    );
    await flush(2000);

    expect(bodies).toHaveLength(1);
    const [, , payload] = bodies[0]!.split('\n');
    const event = JSON.parse(payload!) as { exception: { values: { value: string }[] } };
    expect(event.exception.values[0]!.value).toBe(
      'GET /api/security/reset?token=[Filtered] failed: Authorization Bearer [Filtered]',
    );
    expect(bodies[0]).not.toContain('r3set');
    expect(bodies[0]).not.toContain('abc.def-123');
  });
});
