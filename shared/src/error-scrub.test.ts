import { describe, expect, it } from 'vitest';
import { FILTERED, scrubErrorEvent, scrubText } from './error-scrub.ts';

describe('scrubErrorEvent', () => {
  const event = {
    message: 'failed with Authorization: Bearer abc.def-123 for /api/x?token=s3cr3t&page=2',
    request: {
      method: 'POST',
      url: 'https://aircloud.example/api/security/reset?code=ABCDEF&lang=fr',
      query_string: 'code=ABCDEF&lang=fr&access_token=xyz',
      headers: {
        Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
        Cookie: 'access_token=eyJabc; refresh_token=r1',
        'Set-Cookie': ['refresh_token=r2; HttpOnly'],
        'X-Device-Secret': 'ds_123',
        'Accept-Language': 'fr',
      },
      cookies: { access_token: 'a', theme: 'dark' },
      data: {
        email: 'grace@example.com',
        password: 'Secret123',
        newPassword: 'Secret456',
        passwordHash: '$argon2id$...',
        nested: { api_token: 'tok', refreshToken: 'r', keep: 'me' },
        list: [{ secret: 's' }],
      },
    },
    breadcrumbs: [{ category: 'fetch', data: { url: '/api/validation?key=K-123&x=1' } }],
    exception: {
      values: [{ type: 'Error', value: 'connect postgres://aircloud:hunter2@db:5432/aircloud' }],
    },
  };

  it('removes credentials from headers, cookies, bodies, query strings and texts', () => {
    const out = scrubErrorEvent(event);
    expect(out.request.headers).toEqual({
      Authorization: FILTERED,
      Cookie: FILTERED,
      'Set-Cookie': FILTERED,
      'X-Device-Secret': FILTERED,
      'Accept-Language': 'fr',
    });
    expect(out.request.cookies).toBe(FILTERED);
    expect(out.request.data).toEqual({
      email: 'grace@example.com',
      password: FILTERED,
      newPassword: FILTERED,
      passwordHash: FILTERED,
      nested: { api_token: FILTERED, refreshToken: FILTERED, keep: 'me' },
      list: [{ secret: FILTERED }],
    });
    expect(out.request.query_string).toBe(`code=${FILTERED}&lang=fr&access_token=${FILTERED}`);
    expect(out.request.url).toBe(
      `https://aircloud.example/api/security/reset?code=${FILTERED}&lang=fr`,
    );
    expect(out.breadcrumbs[0]!.data.url).toBe(`/api/validation?key=${FILTERED}&x=1`);
    expect(out.message).toBe(
      `failed with Authorization: Bearer ${FILTERED} for /api/x?token=${FILTERED}&page=2`,
    );
    expect(out.exception.values[0]!.value).toBe(
      `connect postgres://aircloud:${FILTERED}@db:5432/aircloud`,
    );
    const text = JSON.stringify(out);
    for (const secret of ['Secret123', 'abc.def-123', 's3cr3t', 'ABCDEF', 'hunter2', 'eyJ', 'r2'])
      expect(text).not.toContain(secret);
  });

  it('leaves the event it was given untouched', () => {
    const copy = JSON.parse(JSON.stringify(event)) as typeof event;
    scrubErrorEvent(event);
    expect(event).toEqual(copy);
  });

  it('scrubs query strings given as pairs or objects, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    const out = scrubErrorEvent({
      a: {
        query_string: [
          ['token', 't'],
          ['page', '1'],
        ],
      },
      b: { query_string: { code: 'c', page: '1' } },
      cyclic,
    });
    expect(out.a.query_string).toEqual([
      ['token', FILTERED],
      ['page', '1'],
    ]);
    expect(out.b.query_string).toEqual({ code: FILTERED, page: '1' });
    expect((out.cyclic as { self: unknown }).self).toBe('[Truncated]');
  });
});

describe('scrubText', () => {
  it('keeps ordinary text as it is', () => {
    expect(scrubText('purifier 01HX not reachable (timeout after 5000 ms)')).toBe(
      'purifier 01HX not reachable (timeout after 5000 ms)',
    );
  });
});
