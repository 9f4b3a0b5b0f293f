import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranslationCatalogue } from '@aircloud/shared/translations';
import { translationOverrides } from '@aircloud/core/db/schema';
import { OVERRIDES_TTL_MS } from '@aircloud/core/i18n/overrides-cache';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
let admin: string;
let user: string;

async function signIn(role: string): Promise<string> {
  const account = await createUser(t.db, { role });
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email: account.email, password: GOOD_PASSWORD });
  expect(res.status).toBe(204);
  return `access_token=${setCookies(res).access_token!.value}`;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn('ROLE_ADMIN');
  user = await signIn('ROLE_USER');
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /api/translations', () => {
  it('gives an admin every key with its texts in the five languages', async () => {
    const res = await request(t.url).get('/api/translations').set('Cookie', admin);
    expect(res.status).toBe(200);
    const body = res.body as TranslationCatalogue;
    expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
    expect(body['hydra:totalItems']).toBeGreaterThan(500);
    const row = body['hydra:member'].find((r) => r.key === 'errors.forbidden');
    expect(row?.base.fr).toBe("Vous n'avez pas le droit de faire cela");
    expect(row?.base.en).toBe('You are not allowed to do this');
    expect(row?.base.zh).toBeTruthy();
    expect(row?.overrides).toEqual({});
  });

  it('refuses a user (403) and an anonymous caller (401)', async () => {
    const forbidden = await request(t.url).get('/api/translations').set('Cookie', user);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body['hydra:description']).toBe('forbidden');
    const anonymous = await request(t.url).get('/api/translations');
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/translations/{lang}/{key}', () => {
  it('saves an override shown in the public overrides and in the API error texts', async () => {
    const put = await request(t.url)
      .put('/api/translations/fr/errors.forbidden')
      .set('Cookie', admin)
      .send({ text: 'Action réservée' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      lang: 'fr',
      key: 'errors.forbidden',
      text: 'Action réservée',
    });

    const overrides = await request(t.url).get('/api/translations/fr/overrides');
    expect(overrides.status).toBe(200);
    expect(overrides.body).toEqual({ 'errors.forbidden': 'Action réservée' });
    const etag = overrides.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await request(t.url)
      .get('/api/translations/fr/overrides')
      .set('If-None-Match', etag);
    expect(again.status).toBe(304);
    const english = await request(t.url).get('/api/translations/en/overrides');
    expect(english.body).toEqual({});

    // The server's own error texts use it: a user refused on the admin list, in French.
    const refused = await request(t.url)
      .get('/api/users')
      .set('Cookie', user)
      .set('Accept-Language', 'fr');
    expect(refused.status).toBe(403);
    expect(refused.body['hydra:title']).toBe('Action réservée');
    const inEnglish = await request(t.url)
      .get('/api/users')
      .set('Cookie', user)
      .set('Accept-Language', 'en');
    expect(inEnglish.body['hydra:title']).toBe('You are not allowed to do this');

    const list = await request(t.url).get('/api/translations').set('Cookie', admin);
    const row = (list.body as TranslationCatalogue)['hydra:member'].find(
      (r) => r.key === 'errors.forbidden',
    );
    expect(row?.overrides).toEqual({ fr: 'Action réservée' });
  });

  it('answers 422 for an unknown language or key, or an empty text', async () => {
    const badLang = await request(t.url)
      .put('/api/translations/xx/errors.forbidden')
      .set('Cookie', admin)
      .send({ text: 'x' });
    expect(badLang.status).toBe(422);
    expect(badLang.body.violations[0].propertyPath).toBe('lang');
    const badKey = await request(t.url)
      .put('/api/translations/fr/errors.no_such_key')
      .set('Cookie', admin)
      .send({ text: 'x' });
    expect(badKey.status).toBe(422);
    expect(badKey.body.violations[0].propertyPath).toBe('key');
    const empty = await request(t.url)
      .put('/api/translations/fr/errors.forbidden')
      .set('Cookie', admin)
      .send({ text: '  ' });
    expect(empty.status).toBe(422);
    const tooLong = await request(t.url)
      .put('/api/translations/fr/errors.forbidden')
      .set('Cookie', admin)
      .send({ text: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.violations[0].code).toBe('max_length');
  });

  it('refuses a user (403) and an anonymous caller (401)', async () => {
    const forbidden = await request(t.url)
      .put('/api/translations/fr/errors.forbidden')
      .set('Cookie', user)
      .send({ text: 'x' });
    expect(forbidden.status).toBe(403);
    const anonymous = await request(t.url)
      .put('/api/translations/fr/errors.forbidden')
      .send({ text: 'x' });
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /api/translations/{lang}/{key}', () => {
  it('reverts to the catalogue text, then answers 404', async () => {
    await request(t.url)
      .put('/api/translations/en/errors.not_found')
      .set('Cookie', admin)
      .send({ text: 'Nothing here' });
    expect((await request(t.url).get('/api/translations/en/overrides')).body).toEqual({
      'errors.not_found': 'Nothing here',
    });
    const user403 = await request(t.url)
      .delete('/api/translations/en/errors.not_found')
      .set('Cookie', user);
    expect(user403.status).toBe(403);
    const anonymous = await request(t.url).delete('/api/translations/en/errors.not_found');
    expect(anonymous.status).toBe(401);
    const res = await request(t.url)
      .delete('/api/translations/en/errors.not_found')
      .set('Cookie', admin);
    expect(res.status).toBe(204);
    expect((await request(t.url).get('/api/translations/en/overrides')).body).toEqual({});
    const again = await request(t.url)
      .delete('/api/translations/en/errors.not_found')
      .set('Cookie', admin);
    expect(again.status).toBe(404);
    const badLang = await request(t.url)
      .delete('/api/translations/xx/errors.not_found')
      .set('Cookie', admin);
    expect(badLang.status).toBe(422);
  });
});

describe('GET /api/translations/{lang}/overrides', () => {
  it('is public and answers 404 for an unknown language', async () => {
    expect((await request(t.url).get('/api/translations/de/overrides')).status).toBe(200);
    expect((await request(t.url).get('/api/translations/xx/overrides')).status).toBe(404);
  });
});

describe('overrides saved by another server process', () => {
  it('are applied once the copy of this process is older than the TTL', async () => {
    await request(t.url).get('/api/translations/es/overrides'); // fresh copy now
    // Another process writes the row: this one does not know yet.
    await t.db
      .insert(translationOverrides)
      .values({ lang: 'es', key: 'errors.unauthorized', text: 'Inicie sesión primero' });
    const stale = await request(t.url).get('/api/me').set('Accept-Language', 'es');
    expect(stale.status).toBe(401);
    expect(stale.body['hydra:title']).toBe('Debe iniciar sesión');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + OVERRIDES_TTL_MS + 1000);
      const fresh = await request(t.url).get('/api/me').set('Accept-Language', 'es');
      expect(fresh.body['hydra:title']).toBe('Inicie sesión primero');
      expect((await request(t.url).get('/api/translations/es/overrides')).body).toEqual({
        'errors.unauthorized': 'Inicie sesión primero',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
