import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRevokedEvent } from '@aircloud/shared/invitations';
import type { PurifierLive } from '@aircloud/shared/realtime';
import type { Me } from '@aircloud/shared/users';
import { mails } from '@aircloud/core/db/schema';
import { GOOD_PASSWORD, startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';
import {
  acceptedShare,
  invite,
  machinesOf,
  openSocket,
  type ClientSocket,
} from '../../../test/support/invitations.ts';

let t: TestApp;
let tech: Session;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  tech = await signIn(t, 'ROLE_TECHNICIAN');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

const get = (s: Session, path: string) => request(t.url).get(path).set('Cookie', s.cookie);
const post = (s: Session, path: string, body?: object) =>
  request(t.url).post(path).set('Cookie', s.cookie).send(body);
const del = (s: Session, path: string) => request(t.url).delete(path).set('Cookie', s.cookie);
const patch = (s: Session, path: string, body: object) =>
  request(t.url)
    .patch(path)
    .set('Cookie', s.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify(body));

/**
 * A purifier of a new user `a` shared with a new user `b` (accepted), b's socket subscribed to it
 * (`ack`), and the next `access:revoked` that socket receives (`revoked`).
 */
async function watchedShare() {
  const a = await signIn(t);
  const b = await signIn(t);
  const { purifier } = await machinesOf(t, tech, a);
  const id = await acceptedShare(t, a, b, { purifiers: [purifier] });
  const socket = await openSocket(t, b, sockets);
  const ack = await socket.timeout(3000).emitWithAck('subscribe', { purifier });
  const revoked = new Promise<AccessRevokedEvent>((resolve) =>
    socket.once('access:revoked', resolve),
  );
  return { a, b, purifier, id, socket, ack, revoked };
}

async function mailsTo(email: string) {
  return t.db.select().from(mails).where(eq(mails.to, email));
}

describe('POST /api/invitations', () => {
  it('creates one invitation per e-mail, waiting for approval or for the user, each mailed in the right language', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await t.db.execute(
      // The invitee's stored language wins; a stranger gets the sender's.
      sql`UPDATE users SET lang = 'en' WHERE id = ${b.user.id}`,
    );
    await t.db.execute(sql`UPDATE users SET lang = 'de' WHERE id = ${a.user.id}`);
    const { purifier, sensor } = await machinesOf(t, tech, a);
    const stranger = `new-${Date.now()}@example.com`;
    const res = await post(a, '/api/invitations', {
      emails: ` ${b.user.email.toUpperCase()} ,${stranger}`,
      purifiers: [purifier],
      sensors: [sensor],
    });
    expect(res.status).toBe(201);
    const [toB, toStranger] = res.body['hydra:member'];
    expect(toB).toMatchObject({
      '@type': 'Invitation',
      direction: 'sent',
      email: b.user.email,
      state: 'waiting_for_approval',
      recipient: { ulid: b.user.id },
      purifiers: [{ ulid: purifier, '@id': `/api/purifiers/${purifier}` }],
      sensors: [{ ulid: sensor }],
    });
    expect(toStranger).toMatchObject({
      email: stranger,
      state: 'waiting_for_user',
      recipient: null,
    });

    const [mailB] = await mailsTo(b.user.email);
    expect(mailB).toMatchObject({ template: 'invitation', lang: 'en' });
    expect((mailB!.data as { link: string }).link).toBe(
      'http://aircloud.test/invitations/received',
    );
    const [mailC] = await mailsTo(stranger);
    expect(mailC).toMatchObject({ template: 'invitation_register', lang: 'de' });
    expect((mailC!.data as { link: string }).link).toContain(
      `/account-creation?email=${encodeURIComponent(stranger)}`,
    );

    const sent = await get(a, '/api/invitations?direction=sent');
    expect(sent.body['hydra:totalItems']).toBe(2);
    const received = await get(b, '/api/invitations?direction=received');
    expect(received.body['hydra:member']).toEqual([
      expect.objectContaining({
        ulid: toB.ulid,
        direction: 'received',
        sender: expect.objectContaining({ ulid: a.user.id }),
      }),
    ]);
    expect((await get(b, '/api/me')).body.invitations_received_count).toBe(1);
    expect((await get(a, '/api/invitations?direction=received')).body['hydra:totalItems']).toBe(0);
  });

  it('pushes me:updated with the new count to the recipient at once', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    const socket = await openSocket(t, b, sockets);
    const updated = new Promise<Me>((resolve) => socket.once('me:updated', resolve));
    await invite(t, a, b.user.email, { purifiers: [purifier] });
    expect((await updated).invitations_received_count).toBe(1);
  });

  it('adds machines to a live invitation of the same sender and e-mail instead of a second one', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const first = await machinesOf(t, tech, a);
    const second = await machinesOf(t, tech, a);
    const id = await invite(t, a, b.user.email, { purifiers: [first.purifier] });
    const again = await invite(t, a, b.user.email, { purifiers: [second.purifier] });
    expect(again).toBe(id);
    const [item] = (await get(a, '/api/invitations?direction=sent')).body['hydra:member'];
    expect(item.purifiers.map((p: { ulid: string }) => p.ulid).sort()).toEqual(
      [first.purifier, second.purifier].sort(),
    );
  });

  it('answers 422 on emails naming the invalid, repeated or own address, and on machines', async () => {
    const a = await signIn(t);
    const other = await signIn(t);
    const mine = await machinesOf(t, tech, a);
    const theirs = await machinesOf(t, tech, other);
    const send = (body: object, lang = 'en') =>
      post(a, '/api/invitations', body).set('Accept-Language', lang);

    const invalid = await send({
      emails: 'ok@example.com, not-an-email',
      purifiers: [mine.purifier],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.violations).toEqual([
      {
        propertyPath: 'emails',
        code: 'form.emails.invalid',
        message: 'not-an-email is not a valid email address',
      },
    ]);
    const repeated = await send({
      emails: 'x@example.com,X@example.com',
      purifiers: [mine.purifier],
    });
    expect(repeated.body.violations[0]).toMatchObject({
      propertyPath: 'emails',
      message: 'x@example.com appears more than once',
    });
    const self = await send({ emails: a.user.email, purifiers: [mine.purifier] }, 'fr');
    expect(self.body.violations[0]).toMatchObject({
      propertyPath: 'emails',
      code: 'form.emails.self',
      message: `Vous ne pouvez pas vous inviter vous-même (${a.user.email})`,
    });
    const empty = await send({ emails: ' , ', purifiers: [] });
    expect(
      empty.body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort(),
    ).toEqual(['emails', 'purifiers']);
    const notOwned = await send({ emails: 'y@example.com', purifiers: [theirs.purifier] });
    expect(notOwned.status).toBe(422);
    expect(notOwned.body['hydra:description']).toBe('invitation_machine_not_owned');
    expect(notOwned.body.violations[0].propertyPath).toBe('purifiers');
    const sensorNotOwned = await send({ emails: 'y@example.com', sensors: [theirs.sensor] });
    expect(sensorNotOwned.body.violations[0].propertyPath).toBe('sensors');
    const badId = await send({ emails: 'y@example.com', purifiers: ['nope'] });
    expect(badId.status).toBe(422);
    expect(await mailsTo('y@example.com')).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    expect((await request(t.url).post('/api/invitations').send({})).status).toBe(401);
    expect((await request(t.url).get('/api/invitations')).status).toBe(401);
  });
});

describe('waiting for user → waiting for approval', () => {
  it('an invitation to an unknown e-mail appears once the person registers and activates', async () => {
    const a = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    const email = `later-${Date.now()}@example.com`;
    await invite(t, a, email, { purifiers: [purifier] });
    await request(t.url)
      .post('/api/registration')
      .send({ firstname: 'Carl', lastname: 'C', email, password: GOOD_PASSWORD, company: '' })
      .expect(201);
    const [activation] = await t.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, email), eq(mails.template, 'activation')));
    const token = new URL((activation!.data as { link: string }).link).searchParams.get('token');
    // The sender's open page hears of it: its list shows the new state without a reload.
    const senderSocket = await openSocket(t, a, sockets);
    const changed = new Promise<string>((resolve) =>
      senderSocket.once('invitation:changed', (event: { id: string }) => resolve(event.id)),
    );
    const activated = await request(t.url).post('/security/activate').send({ token });
    expect(activated.status).toBe(200);
    expect(activated.body.invitations_received_count).toBe(1);
    const [item] = (await get(a, '/api/invitations?direction=sent')).body['hydra:member'];
    expect(item).toMatchObject({ state: 'waiting_for_approval', recipient: { email } });
    expect(await changed).toBe(item.ulid);
  });
});

describe('POST /api/invitations/{id}/accept and refuse', () => {
  it('accepting gives view and control of exactly the shared purifier, not manage', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const shared = await machinesOf(t, tech, a);
    const notShared = await machinesOf(t, tech, a);
    await acceptedShare(t, a, b, { purifiers: [shared.purifier] });

    const list = await get(b, '/api/purifiers');
    expect(list.body['hydra:member']).toEqual([
      expect.objectContaining({ ulid: shared.purifier, access: 'invited' }),
    ]);
    expect((await get(a, '/api/purifiers')).body['hydra:member'][0].access).toBe('owner');
    expect((await get(b, `/api/purifiers/${shared.purifier}`)).body.access).toBe('invited');
    expect((await patch(b, `/api/purifiers/${shared.purifier}`, { mode: 'boost' })).body.mode).toBe(
      'boost',
    );
    expect((await del(b, `/api/purifiers/${shared.purifier}`)).status).toBe(403);
    expect((await get(b, `/api/purifiers/${notShared.purifier}`)).status).toBe(404);
    expect((await get(b, '/api/me')).body.invitations_received_count).toBe(0);
  });

  it('an admin viewing the recipient sees the shared machines in both lists, and only those', async () => {
    const admin = await signIn(t, 'ROLE_ADMIN');
    const a = await signIn(t);
    const b = await signIn(t);
    const shared = await machinesOf(t, tech, a);
    await machinesOf(t, tech, a);
    await acceptedShare(t, a, b, { purifiers: [shared.purifier], sensors: [shared.sensor] });

    const purifiers = await get(admin, `/api/purifiers?user=${b.user.id}`);
    expect(purifiers.body['hydra:member'].map((p: { ulid: string }) => p.ulid)).toEqual([
      shared.purifier,
    ]);
    const sensors = await get(admin, `/api/sensors?user=${b.user.id}`);
    expect(sensors.body['hydra:member'].map((s: { ulid: string }) => s.ulid)).toEqual([
      shared.sensor,
    ]);
  });

  it('answers 409 invitation_closed when answered twice, 403 for the sender, 404 for others', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const stranger = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    const id = await invite(t, a, b.user.email, { purifiers: [purifier] });
    expect((await post(a, `/api/invitations/${id}/accept`)).status).toBe(403);
    expect((await post(stranger, `/api/invitations/${id}/accept`)).status).toBe(404);
    expect((await post(b, `/api/invitations/${id}/accept`)).status).toBe(200);
    const twice = await post(b, `/api/invitations/${id}/refuse`);
    expect(twice.status).toBe(409);
    expect(twice.body['hydra:description']).toBe('invitation_closed');
    expect((await post(b, '/api/invitations/not-an-id/accept')).status).toBe(404);
  });

  it('refusing ends the invitation: no access, gone from both lists', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    const id = await invite(t, a, b.user.email, { purifiers: [purifier] });
    expect((await post(b, `/api/invitations/${id}/refuse`)).status).toBe(204);
    expect((await get(b, `/api/purifiers/${purifier}`)).status).toBe(404);
    expect((await get(a, '/api/invitations?direction=sent')).body['hydra:totalItems']).toBe(0);
    expect((await get(b, '/api/invitations?direction=received')).body['hydra:totalItems']).toBe(0);
  });
});

describe('GET /api/invitations/{id}', () => {
  it("dereferences an invitation's @id for its sender and recipient, 404 for anybody else", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const other = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    await invite(t, a, b.user.email, { purifiers: [purifier] });
    const sent = (await get(a, '/api/invitations?direction=sent')).body['hydra:member'][0];
    const mine = await get(a, sent['@id']);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(sent);
    const received = (await get(b, '/api/invitations?direction=received')).body['hydra:member'][0];
    expect((await get(b, sent['@id'])).body).toEqual(received);
    expect((await get(other, sent['@id'])).status).toBe(404);
    expect((await request(t.url).get(sent['@id'])).status).toBe(401);
  });
});

describe('PATCH /api/invitations/{id}', () => {
  it('the sender replaces the machines; a machine taken out of an accepted share is no longer reachable', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const first = await machinesOf(t, tech, a);
    const second = await machinesOf(t, tech, a);
    const id = await acceptedShare(t, a, b, { purifiers: [first.purifier] });
    const res = await patch(a, `/api/invitations/${id}`, {
      purifiers: [second.purifier],
      sensors: [],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'accepted', purifiers: [{ ulid: second.purifier }] });
    expect((await get(b, `/api/purifiers/${first.purifier}`)).status).toBe(404);
    expect((await get(b, `/api/purifiers/${second.purifier}`)).status).toBe(200);
  });

  it('answers 403 to the recipient, 422 without machines or with machines not owned', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const mine = await machinesOf(t, tech, a);
    const theirs = await machinesOf(t, tech, b);
    const id = await invite(t, a, b.user.email, { purifiers: [mine.purifier] });
    expect((await patch(b, `/api/invitations/${id}`, { purifiers: [mine.purifier] })).status).toBe(
      403,
    );
    expect((await patch(a, `/api/invitations/${id}`, { purifiers: [] })).status).toBe(422);
    const notOwned = await patch(a, `/api/invitations/${id}`, { purifiers: [theirs.purifier] });
    expect(notOwned.status).toBe(422);
    expect(notOwned.body['hydra:description']).toBe('invitation_machine_not_owned');
  });
});

describe('DELETE /api/invitations/{id}', () => {
  it('revoking an accepted share ends access at once, open sockets included', async () => {
    const { a, b, purifier, id, socket, ack, revoked } = await watchedShare();
    expect(ack).toMatchObject({ ok: true, purifier: { access: 'invited' } });

    expect((await del(a, `/api/invitations/${id}`)).status).toBe(204);
    expect(await revoked).toEqual({ purifiers: [purifier], sensors: [] });
    expect((await get(b, `/api/purifiers/${purifier}`)).status).toBe(404);
    expect((await get(b, '/api/purifiers')).body['hydra:totalItems']).toBe(0);

    // The socket left the room: a change by the owner no longer reaches it.
    const updates: PurifierLive[] = [];
    socket.on('purifier:updated', (p) => updates.push(p));
    const watcher = await openSocket(t, a, sockets);
    await watcher.timeout(3000).emitWithAck('subscribe', { purifier });
    const seen = new Promise<PurifierLive>((resolve) => watcher.once('purifier:updated', resolve));
    expect((await patch(a, `/api/purifiers/${purifier}`, { mode: 'off' })).status).toBe(200);
    expect((await seen).mode).toBe('off');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updates).toEqual([]);
    expect(await socket.timeout(3000).emitWithAck('subscribe', { purifier })).toEqual({
      ok: false,
      error: 'not_found',
    });
    expect((await del(a, `/api/invitations/${id}`)).status).toBe(404);
  });

  it('the recipient leaves an accepted share; the sender withdraws a waiting one', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const c = await signIn(t);
    const { purifier } = await machinesOf(t, tech, a);
    const accepted = await acceptedShare(t, a, b, { purifiers: [purifier] });
    expect((await del(b, `/api/invitations/${accepted}`)).status).toBe(204);
    expect((await get(b, `/api/purifiers/${purifier}`)).status).toBe(404);

    const waiting = await invite(t, a, c.user.email, { purifiers: [purifier] });
    expect((await get(c, '/api/me')).body.invitations_received_count).toBe(1);
    expect((await del(c, `/api/invitations/${waiting}`)).status).toBe(204);
    expect((await get(c, '/api/me')).body.invitations_received_count).toBe(0);

    const again = await invite(t, a, c.user.email, { purifiers: [purifier] });
    expect(again).not.toBe(waiting);
    expect((await del(a, `/api/invitations/${again}`)).status).toBe(204);
    expect((await get(c, '/api/invitations?direction=received')).body['hydra:totalItems']).toBe(0);
    const stranger = await signIn(t);
    expect((await del(stranger, `/api/invitations/${again}`)).status).toBe(404);
  });

  it('the owner removing the purifier ends the shares given with it', async () => {
    const { a, b, purifier, ack, revoked } = await watchedShare();
    expect(ack.ok).toBe(true);
    expect((await del(a, `/api/purifiers/${purifier}`)).status).toBe(204);
    expect(await revoked).toEqual({ purifiers: [purifier], sensors: [] });
    expect((await get(b, `/api/purifiers/${purifier}`)).status).toBe(404);
  });
});

describe('unlinking the product key (technicians)', () => {
  it('ends the shares its owner gave, open sockets included', async () => {
    const { a, b, purifier, ack, revoked } = await watchedShare();
    expect(ack.ok).toBe(true);
    const key = (await get(a, `/api/purifiers/${purifier}`)).body.product_key as string;
    expect((await post(tech, `${key}/unlink`)).status).toBe(200);
    expect(await revoked).toEqual({ purifiers: [purifier], sensors: [] });
    expect((await get(b, `/api/purifiers/${purifier}`)).status).toBe(404);
  });
});

describe('invitation:changed', () => {
  it('tells the other side each change: sent, accepted, machines changed, left', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const { purifier, sensor } = await machinesOf(t, tech, a);
    const [aSocket, bSocket] = await Promise.all([
      openSocket(t, a, sockets),
      openSocket(t, b, sockets),
    ]);
    const next = (socket: ClientSocket) =>
      new Promise<string>((resolve) =>
        socket.once('invitation:changed', (event: { id: string }) => resolve(event.id)),
      );
    let toB = next(bSocket);
    const id = await invite(t, a, b.user.email, { purifiers: [purifier] });
    expect(await toB).toBe(id);

    let toA = next(aSocket);
    expect((await post(b, `/api/invitations/${id}/accept`)).status).toBe(200);
    expect(await toA).toBe(id);

    toB = next(bSocket);
    expect(
      (await patch(a, `/api/invitations/${id}`, { purifiers: [purifier], sensors: [sensor] }))
        .status,
    ).toBe(200);
    expect(await toB).toBe(id);

    toA = next(aSocket);
    expect((await del(b, `/api/invitations/${id}`)).status).toBe(204);
    expect(await toA).toBe(id);
  });
});

describe('GET /api/invitations', () => {
  it('narrows the sent list to one machine (its invitations tab) and refuses a bad direction', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const c = await signIn(t);
    const first = await machinesOf(t, tech, a);
    const second = await machinesOf(t, tech, a);
    await invite(t, a, b.user.email, { purifiers: [first.purifier] });
    await invite(t, a, c.user.email, { purifiers: [second.purifier], sensors: [second.sensor] });
    const tab = await get(a, `/api/invitations?direction=sent&purifier=${first.purifier}`);
    expect(tab.body['hydra:member'].map((i: { email: string }) => i.email)).toEqual([b.user.email]);
    const sensorTab = await get(a, `/api/invitations?direction=sent&sensor=${second.sensor}`);
    expect(sensorTab.body['hydra:member'].map((i: { email: string }) => i.email)).toEqual([
      c.user.email,
    ]);
    expect((await get(a, '/api/invitations?direction=sideways')).status).toBe(422);
  });
});
