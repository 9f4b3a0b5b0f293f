import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client.ts';
import {
  deviceAclUpgrade,
  deviceRole,
  listDeviceAccounts,
  type DynamicSecurity,
  type DynsecCommand,
} from './dynamic-security.ts';

/** What a serial's broker account should be: `active`, `disabled` (its key is blocked), or gone. */
export type AccountState = 'active' | 'disabled';

interface CredentialRow {
  serial: string;
  state: AccountState;
  hash: string;
  next_hash: string | null;
}

/** The credential state of each serial among `serials` that holds a device secret. */
async function credentialRows(
  db: Database,
  serials: string[],
): Promise<Map<string, CredentialRow>> {
  const { rows } = await db.$client.query<CredentialRow>(
    `SELECT serial_number AS serial, 'active' AS state, device_secret_hash AS hash, NULL AS next_hash
       FROM sensors WHERE serial_number = ANY($1::text[])
     UNION ALL
     SELECT p.serial_number, CASE WHEN k.state = 'blocked' THEN 'disabled' ELSE 'active' END,
            p.device_secret_hash, p.device_secret_next_hash
       FROM purifiers p JOIN product_keys k ON k.id = p.product_key_id
      WHERE p.serial_number = ANY($1::text[]) AND p.device_secret_hash IS NOT NULL`,
    [serials],
  );
  const found = new Map<string, CredentialRow>();
  // A serial known as both: the sensor wins, as in the HTTP device authentication.
  for (const row of rows)
    if (!found.has(row.serial) || row.state === 'active') found.set(row.serial, row);
  return found;
}

/** What each of `serials` should have in the broker (absent: no account at all). */
export async function accountStates(
  db: Database,
  serials: string[],
): Promise<Map<string, AccountState>> {
  const rows = await credentialRows(db, serials);
  return new Map([...rows].map(([serial, row]) => [serial, row.state]));
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `secret` is the device secret of `serial` (or the new one of a rotation), for a broker
 * that asks the product rather than keeps accounts (the embedded one). Constant-time.
 */
export async function verifyDeviceAccount(
  db: Database,
  serial: string,
  secret: string,
): Promise<boolean> {
  if (serial.length > 100 || secret.length > 200) return false;
  const row = (await credentialRows(db, [serial])).get(serial);
  const given = digest(secret);
  const expected = Buffer.from(row?.hash ?? '', 'hex');
  const next = Buffer.from(row?.next_hash ?? '', 'hex');
  const current = expected.length === 32 && timingSafeEqual(given, expected);
  const rotated = next.length === 32 && timingSafeEqual(given, next);
  return row?.state === 'active' && (current || rotated);
}

/** What the broker holds for a serial: its account (disabled or not) and its role's ACLs. */
interface BrokerAccount {
  client: { disabled?: boolean } | null;
  acls: Set<string>;
}

const aclKey = (acl: Record<string, unknown>) => `${String(acl.acltype)} ${String(acl.topic)}`;

/** Reads the accounts and roles of `serials` in one message (reads cost the broker little). */
async function brokerAccounts(
  dynsec: DynamicSecurity,
  serials: string[],
): Promise<BrokerAccount[]> {
  const answers = await dynsec.run(
    serials.flatMap((serial) => [
      { command: 'getClient', username: serial },
      { command: 'getRole', rolename: deviceRole(serial) },
    ]),
  );
  return serials.map((_, i) => {
    const client = answers[2 * i]?.data?.client as { disabled?: boolean } | undefined;
    const role = answers[2 * i + 1]?.data?.role as
      { acls?: { acltype: string; topic: string }[] } | undefined;
    return { client: client ?? null, acls: new Set((role?.acls ?? []).map(aclKey)) };
  });
}

/**
 * Brings the broker accounts of `serials` in line with their credentials: a device that no
 * longer has one loses its account, a blocked one is disabled, an active one enabled (all of
 * which close the sessions of the accounts that lose access); a role made before the `acks`
 * topic gets its ACLs.
 *
 * The broker's state is read first and only what differs is sent, in one message: Mosquitto
 * 2.0 writes its whole configuration after every command that changes it, so a command per
 * account made a start with 2,000 accounts take minutes (75 ms each) for no change at all.
 */
export async function reconcileDeviceAccounts(
  db: Database,
  dynsec: DynamicSecurity,
  serials: string[],
): Promise<{ removed: number; disabled: number; changed: number }> {
  const [states, accounts] = await Promise.all([
    accountStates(db, serials),
    brokerAccounts(dynsec, serials),
  ]);
  const changes: DynsecCommand[] = [];
  let removed = 0;
  let disabled = 0;
  let changed = 0;
  serials.forEach((serial, i) => {
    const { client, acls } = accounts[i]!;
    const state = states.get(serial);
    const before = changes.length;
    if (!state) {
      if (client || acls.size > 0) {
        changes.push(
          { command: 'deleteClient', username: serial },
          { command: 'deleteRole', rolename: deviceRole(serial) },
        );
        removed += 1;
      }
    } else {
      if (state === 'disabled') disabled += 1;
      // No account: its secret is stored hashed only; it gets one at its next secret.
      if (!client) return;
      if (Boolean(client.disabled) !== (state === 'disabled'))
        changes.push({
          command: state === 'active' ? 'enableClient' : 'disableClient',
          username: serial,
        });
      changes.push(...deviceAclUpgrade(serial).filter((acl) => !acls.has(aclKey(acl))));
    }
    if (changes.length > before) changed += 1;
  });
  if (changes.length > 0) await dynsec.expect(changes, /not found|already exists/i);
  return { removed, disabled, changed };
}

/**
 * At a server's start: every account of the broker checked against the credentials (accounts
 * of devices removed or blocked while no server listened go). Answers the counts, and how many
 * devices with a credential have no account: their secret is stored only hashed, so they get one
 * at their next secret (exchange, rotation, provisioning).
 */
export async function reconcileAllDeviceAccounts(
  db: Database,
  dynsec: DynamicSecurity,
): Promise<{
  accounts: number;
  removed: number;
  disabled: number;
  changed: number;
  missing: number;
}> {
  const serials = await listDeviceAccounts(dynsec);
  let removed = 0;
  let disabled = 0;
  let changed = 0;
  for (let i = 0; i < serials.length; i += 500) {
    const done = await reconcileDeviceAccounts(db, dynsec, serials.slice(i, i + 500));
    removed += done.removed;
    disabled += done.disabled;
    changed += done.changed;
  }
  const { rows } = await db.$client.query<{ missing: number }>(
    `SELECT count(*)::int AS missing FROM (
       SELECT serial_number FROM sensors
       UNION SELECT serial_number FROM purifiers WHERE device_secret_hash IS NOT NULL) d
      WHERE NOT (serial_number = ANY($1::text[]))`,
    [serials],
  );
  return {
    accounts: serials.length,
    removed,
    disabled,
    changed,
    missing: rows[0]?.missing ?? 0,
  };
}
