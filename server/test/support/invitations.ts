import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import type { TestApp } from '../app.ts';
import { activate, exportedKey, type Session } from './purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let nextSensor = 1;

/** A new purifier (activated through the API) and a new sensor, both owned by `owner`. */
export async function machinesOf(t: TestApp, tech: Session, owner: Session) {
  const key = await exportedKey(t, tech);
  const purifier = await activate(t, owner, key.key);
  const { sensor } = await provisionSensor(t.db, {
    serialNumber: `INV-SENSOR-${process.pid}-${nextSensor++}`,
    userId: owner.user.id,
    name: `Sensor ${nextSensor}`,
  });
  return { purifier: purifier.ulid, sensor: sensor.id };
}

/** `owner` invites `email` to the machines; answers the created invitation's id. */
export async function invite(
  t: TestApp,
  owner: Session,
  email: string,
  machines: { purifiers?: string[]; sensors?: string[] },
): Promise<string> {
  const res = await request(t.url)
    .post('/api/invitations')
    .set('Cookie', owner.cookie)
    .send({ emails: email, purifiers: machines.purifiers ?? [], sensors: machines.sensors ?? [] });
  expect(res.status).toBe(201);
  return res.body['hydra:member'][0].ulid as string;
}

/** `owner` invites `recipient`, who accepts; answers the invitation's id. */
export async function acceptedShare(
  t: TestApp,
  owner: Session,
  recipient: Session,
  machines: { purifiers?: string[]; sensors?: string[] },
): Promise<string> {
  const id = await invite(t, owner, recipient.user.email, machines);
  const res = await request(t.url)
    .post(`/api/invitations/${id}/accept`)
    .set('Cookie', recipient.cookie);
  expect(res.status).toBe(200);
  return id;
}

/** A Socket.IO browser connection signed in with the session's cookie. */
export function openSocket(t: TestApp, session: Session, opened: ClientSocket[]) {
  const socket: ClientSocket = connect(t.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: session.cookie },
  });
  opened.push(socket);
  return new Promise<ClientSocket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
