import type { MqttClient } from 'mqtt';
import { deviceTopics } from './topics.ts';

/** Mosquitto's dynamic-security control topic (mosquitto.org/documentation/dynamic-security). */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';

/** One command of the dynamic-security plugin: its name and arguments. */
export interface DynsecCommand {
  command: string;
  [argument: string]: unknown;
}

/** The plugin's answer to one command. */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

/** A command the plugin refused (its `error` text). */
export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`dynamic-security ${command}: ${reason}`);
    this.name = 'DynsecError';
  }
}

/** The role every AirCloud server connection holds (publishes desired, errors, credentials). */
export const SERVER_ROLE = 'aircloud-server';
/** The group every device client belongs to (lists them for the reconciliation). */
export const DEVICE_GROUP = 'aircloud-devices';
/** The role of one device: its own topics only (2.0's ACLs know no %u pattern). */
export const deviceRole = (serial: string) => `aircloud-device-${serial}`;

/** The ACLs of one device's role: publish its telemetry and acknowledgements, read its own tree. */
export function deviceAcls(serial: string) {
  const topics = deviceTopics(serial);
  return [
    { acltype: 'publishClientSend', topic: topics.telemetry, allow: true },
    { acltype: 'publishClientSend', topic: topics.credentialsAck, allow: true },
    { acltype: 'subscribePattern', topic: topics.desired, allow: true },
    { acltype: 'subscribePattern', topic: topics.errors, allow: true },
    { acltype: 'subscribePattern', topic: topics.acks, allow: true },
    { acltype: 'subscribePattern', topic: topics.credentials, allow: true },
    { acltype: 'publishClientReceive', topic: topics.desired, allow: true },
    { acltype: 'publishClientReceive', topic: topics.errors, allow: true },
    { acltype: 'publishClientReceive', topic: topics.acks, allow: true },
    { acltype: 'publishClientReceive', topic: topics.credentials, allow: true },
  ];
}

/**
 * Commands that give an existing device role the ACLs added since it was made (the `acks`
 * topic): accounts are made once per secret, so a broker's older roles are brought up to date
 * by the reconciliation at a server's start. "Already exists" answers are expected.
 */
export function deviceAclUpgrade(serial: string): DynsecCommand[] {
  const acks = deviceTopics(serial).acks;
  return deviceAcls(serial)
    .filter((acl) => acl.topic === acks)
    .map((acl) => ({ command: 'addRoleACL', rolename: deviceRole(serial), ...acl }));
}

/** The ACLs of the servers' role (besides the admin role's `$CONTROL` and subscribe-all). */
export const SERVER_ACLS = [
  { acltype: 'publishClientSend', topic: 'aircloud/#', allow: true },
  { acltype: 'publishClientReceive', topic: 'aircloud/#', allow: true },
  { acltype: 'subscribePattern', topic: 'aircloud/#', allow: true },
  // Mosquitto 2.0 checks a shared subscription with its `$share/<group>/` prefix.
  { acltype: 'subscribePattern', topic: '$share/aircloud/aircloud/#', allow: true },
];

/**
 * What the broker lets a client do that no role allows: nothing but unsubscribing (the plugin's
 * own default lets any client receive any message it may subscribe to).
 */
export const DEFAULT_ACL_ACCESS = [
  { acltype: 'publishClientSend', allow: false },
  { acltype: 'publishClientReceive', allow: false },
  { acltype: 'subscribe', allow: false },
  { acltype: 'unsubscribe', allow: true },
];

interface Pending {
  command: string;
  resolve: (response: DynsecResponse) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A client of the dynamic-security plugin over an open admin connection: each command carries
 * its own correlation data and resolves with its own response (or rejects after `timeoutMs`,
 * when no plugin answers: a broker without it, or the connection lost meanwhile).
 */
export class DynamicSecurity {
  readonly #pending = new Map<string, Pending>();
  #next = 0;
  #subscribed: Promise<unknown> | null = null;

  constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs = 5_000,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === `${DYNSEC_TOPIC}/response`) this.#answer(payload);
    });
  }

  /** Runs commands in one message; resolves with each response (refusals included). */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    this.#subscribed ??= this.client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
    await this.#subscribed;
    const tagged = commands.map((c) => ({
      ...c,
      correlationData: `${process.pid}-${this.#next++}`,
    }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.#pending.delete(c.correlationData);
            reject(new Error(`dynamic-security ${c.command}: no answer in ${this.timeoutMs} ms`));
          }, this.timeoutMs);
          this.#pending.set(c.correlationData, { command: c.command, resolve, reject, timer });
        }),
    );
    const [, responses] = await Promise.all([
      this.client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 }),
      Promise.all(answers),
    ]);
    return responses;
  }

  /** Runs commands; throws on the first refusal whose text is not in `tolerated`. */
  async expect(commands: DynsecCommand[], tolerated: RegExp = /$^/): Promise<DynsecResponse[]> {
    const responses = await this.run(commands);
    for (const r of responses)
      if (r.error && !tolerated.test(r.error)) throw new DynsecError(r.command, r.error);
    return responses;
  }

  /** Stops waiting for answers (the connection is closing). */
  close(): void {
    for (const [key, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(`dynamic-security ${pending.command}: connection closed`));
      this.#pending.delete(key);
    }
  }

  #answer(payload: Buffer): void {
    let body: { responses?: (DynsecResponse & { correlationData?: string })[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as typeof body;
    } catch {
      return;
    }
    for (const response of body.responses ?? []) {
      const pending = response.correlationData && this.#pending.get(response.correlationData);
      if (!pending) continue;
      this.#pending.delete(response.correlationData!);
      clearTimeout(pending.timer);
      pending.resolve(response);
    }
  }
}

const EXISTS = /already exists|already in|already has/i;
const MISSING = /not found/i;

/** Makes sure the roles, group and default access the devices and servers need exist. */
export async function ensureBrokerLayout(dynsec: DynamicSecurity, serverUser: string) {
  await dynsec.expect(
    [
      { command: 'createRole', rolename: SERVER_ROLE, acls: SERVER_ACLS },
      { command: 'createGroup', groupname: DEVICE_GROUP },
      { command: 'setDefaultACLAccess', acls: DEFAULT_ACL_ACCESS },
    ],
    EXISTS,
  );
  const [client] = await dynsec.expect([{ command: 'getClient', username: serverUser }]);
  const roles = ((client?.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ??
    []) as { rolename: string }[];
  // Adding a role to a connected client makes the broker close its connections once: the
  // caller reconnects (mqtt.js does) and then holds the role.
  if (!roles.some((r) => r.rolename === SERVER_ROLE))
    await dynsec.expect([
      { command: 'addClientRole', username: serverUser, rolename: SERVER_ROLE },
    ]);
}

/**
 * Gives a device its broker account: username = serial, password = its device secret, its own
 * role. Any earlier account of the serial goes first, and with it its connections (a new secret
 * replaces the old one at once).
 */
export async function setDeviceAccount(dynsec: DynamicSecurity, serial: string, secret: string) {
  await dynsec.expect(
    [
      { command: 'deleteClient', username: serial },
      { command: 'deleteRole', rolename: deviceRole(serial) },
    ],
    MISSING,
  );
  await dynsec.expect([
    { command: 'createRole', rolename: deviceRole(serial), acls: deviceAcls(serial) },
    {
      command: 'createClient',
      username: serial,
      password: secret,
      textname: 'AirCloud device',
      roles: [{ rolename: deviceRole(serial) }],
      groups: [{ groupname: DEVICE_GROUP }],
    },
  ]);
}

/** The serials that hold a device account in the broker. */
export async function listDeviceAccounts(dynsec: DynamicSecurity): Promise<string[]> {
  const [group] = await dynsec.expect([{ command: 'getGroup', groupname: DEVICE_GROUP }]);
  const clients =
    (group?.data?.group as { clients?: { username: string }[] } | undefined)?.clients ?? [];
  return clients.map((c) => c.username);
}
