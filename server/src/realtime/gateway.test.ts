import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import type { Me } from '@aircloud/shared/users';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../test/app.ts';
import { mePresenter } from '../modules/me/presenter.ts';
import { emitToUser } from '@aircloud/core/realtime/emitter';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

function open(options: { cookie?: string; token?: string }): Promise<ClientSocket> {
  const socket: ClientSocket = connect(t.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: options.cookie ? { Cookie: options.cookie } : {},
    auth: options.token ? { token: options.token } : {},
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('Socket.IO gateway', () => {
  it('refuses a connection without credentials with unauthorized', async () => {
    await expect(open({})).rejects.toThrow('unauthorized');
    await expect(open({ cookie: 'access_token=forged' })).rejects.toThrow('unauthorized');
  });

  it('accepts the cookie from a login and delivers events sent to the user', async () => {
    const user = await createUser(t.db);
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: user.email, password: GOOD_PASSWORD });
    const socket = await open({ cookie: `access_token=${setCookies(login).access_token!.value}` });
    const received = new Promise<Me>((resolve) => socket.once('me:updated', resolve));
    emitToUser(t.io, user.id, 'me:updated', mePresenter(user));
    expect((await received).email).toBe(user.email);
    const at = await socket.timeout(2000).emitWithAck('ping');
    expect(Number.isNaN(Date.parse(at))).toBe(false);
  });

  it('accepts a personal API token in auth.token', async () => {
    const user = await createUser(t.db);
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: user.email, password: GOOD_PASSWORD });
    const access = `access_token=${setCookies(login).access_token!.value}`;
    const token = (await request(t.url).post('/api/me/generate-api-token').set('Cookie', access))
      .body.api_token as string;
    const socket = await open({ token });
    expect(socket.connected).toBe(true);
  });
});
