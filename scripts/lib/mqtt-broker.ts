import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Aedes, type Client } from 'aedes';
import { createDatabase } from '@aircloud/core/db/client';
import { verifyDeviceAccount } from '@aircloud/core/mqtt/device-accounts';
import {
  findDynamicSecurityPlugin,
  findMosquitto,
  freePort,
  startMosquitto,
} from '@aircloud/core/mqtt/local-broker';
import { deviceTopics, serialOfTopic } from '@aircloud/core/mqtt/topics';

/** The device broker the product runs with, and how to stop it (nothing when it is not ours). */
export interface ProductBroker {
  url: string;
  publicUrl: string;
  kind: 'mosquitto' | 'aedes';
  stop(): Promise<void>;
}

/** Where devices find our broker by default: the first free port from here. */
const PORTS: [number, number] = [18830, 18899];

/** The port this folder's broker used last time, while it is free (devices keep their URL). */
async function keptPort(dir: string): Promise<number> {
  const file = path.join(dir, 'port');
  const wanted = Number(
    process.env.MQTT_PORT ?? (existsSync(file) ? readFileSync(file, 'utf8') : 0),
  );
  const port =
    wanted > 0
      ? await freePort(wanted, wanted).catch(() => freePort(...PORTS))
      : await freePort(...PORTS);
  writeFileSync(file, String(port));
  return port;
}

/**
 * MQTT_URL when set; else `mosquitto` from PATH with a configuration generated in `dir`
 * (persistence, dynamic security, anonymous clients refused); else an embedded aedes broker
 * that asks the database for device credentials, so the demo runs anyway. Says which in one
 * line. The machine's own broker is never touched.
 */
export async function ensureMqtt(dir: string, databaseUrl: string): Promise<ProductBroker> {
  if (process.env.MQTT_URL) {
    const url = new URL(process.env.MQTT_URL);
    console.log(`[start] MQTT: the broker of MQTT_URL (${url.protocol}//${url.host})`);
    return {
      url: process.env.MQTT_URL,
      publicUrl: process.env.MQTT_PUBLIC_URL ?? `${url.protocol}//${url.host}`,
      kind: process.env.MQTT_BROKER === 'aedes' ? 'aedes' : 'mosquitto',
      stop: async () => undefined,
    };
  }
  const mosquitto = findMosquitto();
  const plugin = findDynamicSecurityPlugin();
  if (mosquitto && plugin) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const broker = await startMosquitto({ dir, port: await keptPort(dir), mosquitto, plugin });
    console.log(
      `[start] MQTT: started mosquitto on ${broker.publicUrl} (${path.relative(process.cwd(), dir)}/, dynamic security)`,
    );
    return { ...broker, kind: 'mosquitto' };
  }
  const embedded = await startEmbeddedBroker(databaseUrl);
  console.log(
    `[start] MQTT: no ${mosquitto ? 'dynamic-security plugin' : 'mosquitto'} here: started an embedded aedes broker on ${embedded.publicUrl}`,
  );
  return embedded;
}

/**
 * The embedded broker: the administrator (servers) may do anything on the device tree; a
 * device connects with its serial and secret, checked against the database at each connection,
 * and may publish only its telemetry (and rotation acknowledgement) and read only its own topics.
 */
export async function startEmbeddedBroker(databaseUrl: string): Promise<ProductBroker> {
  const db = createDatabase(databaseUrl, 2);
  const admin = { username: 'aircloud', password: randomBytes(24).toString('base64url') };
  // Who each connection is: the administrator, or the device of a serial.
  const who = new WeakMap<Client, { admin: true } | { serial: string }>();
  const isAdmin = (client: Client | null) =>
    !!client && who.get(client) !== undefined && 'admin' in who.get(client)!;
  const serialOf = (client: Client | null) => {
    const known = client ? who.get(client) : undefined;
    return known && 'serial' in known ? known.serial : null;
  };
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const given = password?.toString('utf8') ?? '';
      if (username === admin.username && given === admin.password) {
        who.set(client, { admin: true });
        return done(null, true);
      }
      verifyDeviceAccount(db, username ?? '', given)
        .then((ok) => {
          if (ok) who.set(client, { serial: username ?? '' });
          done(null, ok);
        })
        .catch(() => done(null, false));
    },
    authorizePublish: (client, packet, done) => {
      if (isAdmin(client)) return done(null);
      const serial = serialOf(client);
      const topics = serial && serialOfTopic(packet.topic) === serial ? deviceTopics(serial) : null;
      const allowed =
        topics && (packet.topic === topics.telemetry || packet.topic === topics.credentialsAck);
      done(allowed ? null : new Error('not authorized'));
    },
    authorizeSubscribe: (client, subscription, done) => {
      if (isAdmin(client)) return done(null, subscription);
      const serial = serialOf(client);
      const topics = serial ? deviceTopics(serial) : null;
      const allowed =
        topics &&
        [topics.desired, topics.errors, topics.acks, topics.credentials].includes(
          subscription.topic,
        );
      done(null, allowed ? subscription : null);
    },
  });
  const port = await freePort(...PORTS);
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `mqtt://${admin.username}:${admin.password}@127.0.0.1:${port}`,
    publicUrl: `mqtt://127.0.0.1:${port}`,
    kind: 'aedes',
    async stop() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      server.close();
      await db.$client.end();
    },
  };
}
