import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  maintenanceEvents,
  networkEvents,
  purifierMerakiSecrets,
  purifiers,
  sensorPurifiers,
} from '../db/schema/index.ts';
import { rotateDeviceSecret } from '../devices/credentials.ts';
import type { Keyring } from '../lib/keyring.ts';
import {
  detachPurifierFromInvitations,
  type DetachedInvitation,
} from '../invitations/repository.ts';
import { transitionProductKey } from '../product-keys/repository.ts';
import type { PurifierRow } from '../purifiers/repository.ts';
import { purifierInvitees } from './audience.ts';
import { settleControl, type Settled } from './settle.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What the end of a purifier's ownership did, to announce once committed. */
export interface EndedOwnership {
  purifierId: string;
  serialNumber: string;
  formerOwner: string | null;
  /** Users who reached it through a share of the former owner. */
  invitees: string[];
  invitations: DetachedInvitation[];
  settled: Settled;
  /** The new device secret to hand to the device (a rotation started), if it had one. */
  deviceSecret: string | null;
}

/**
 * Ends the ownership of a purifier (its owner removes it, an administrator unlinks its key, its
 * owner's account is deleted), inside the caller's transaction: the key returns to exported and
 * the purifier belongs to nobody until the key is activated again; everything that derived from
 * the ownership ends with it: the shares its owner gave, every sensor link, rule holds and the
 * schedule, the Meraki secret, the maintenance notes and network events (a next owner starts
 * with a clean history), and the device secret is rotated (docs/security.md).
 */
export async function endOwnership(
  tx: Executor,
  purifier: Pick<PurifierRow, 'id' | 'userId' | 'productKeyId' | 'serialNumber'>,
  sealKey: Keyring,
  now: Date = new Date(),
): Promise<EndedOwnership> {
  const invitees = await purifierInvitees(tx, purifier.id);
  await transitionProductKey(tx, purifier.productKeyId, ['activated'], {
    state: 'exported',
    userId: null,
    activatedAt: null,
  });
  await tx
    .update(purifiers)
    .set({ userId: null, lastScheduleSlotAt: null, updatedAt: now })
    .where(eq(purifiers.id, purifier.id));
  const links = await tx
    .delete(sensorPurifiers)
    .where(eq(sensorPurifiers.purifierId, purifier.id))
    .returning();
  await tx.delete(maintenanceEvents).where(eq(maintenanceEvents.purifierId, purifier.id));
  await tx.delete(networkEvents).where(eq(networkEvents.purifierId, purifier.id));
  await tx.delete(purifierMerakiSecrets).where(eq(purifierMerakiSecrets.purifierId, purifier.id));
  const invitations = await detachPurifierFromInvitations(tx, purifier.id);
  const deviceSecret = await rotateDeviceSecret(tx, purifier.id, sealKey);
  // Nobody controls it now: its schedule goes and rule holds are released.
  const settled = await settleControl(tx, { purifiers: [purifier.id] }, now);
  settled.removedLinks.push(
    ...links.map((l) => ({ sensorId: l.sensorId, purifierId: l.purifierId, linkedBy: l.linkedBy })),
  );
  return {
    purifierId: purifier.id,
    serialNumber: purifier.serialNumber,
    formerOwner: purifier.userId,
    invitees,
    invitations,
    settled,
    deviceSecret,
  };
}
