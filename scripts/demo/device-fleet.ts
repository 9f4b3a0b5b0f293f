import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import type { MaintenanceLevels, Schedule } from '@aircloud/shared/purifiers';
import { ulid } from '@aircloud/core/lib/ulid';
import type { Database } from '@aircloud/core/db/client';
import { productKeys, purifiers, users } from '@aircloud/core/db/schema';
import { issueDeviceSecret, sealKeyOf } from '@aircloud/core/devices/credentials';
import { randomProductKey } from '@aircloud/core/product-keys/key-code';
import { claimPurifier } from '../../server/src/modules/purifiers/service.ts';
import { linkPurifier } from '@aircloud/core/sensors/repository';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

let throwaway: ReturnType<typeof sealKeyOf> | undefined;
/** Keys of this run only, for a rotation secret nobody reads (a new secret replaces it). */
const throwawayKeys = () =>
  (throwaway ??= sealKeyOf({ appSecret: randomBytes(48).toString('base64url') }));

/** Credentials of one device, for the simulator (the only place a sensor secret is shown). */
export interface DeviceCredentials {
  kind: 'purifier' | 'sensor';
  id: string;
  serial: string;
  secret: string;
  /** Sensors: serial numbers of their linked purifiers (same room). */
  linked?: string[];
  /** Purifiers: the consumable levels stored, which the simulated device goes on from. */
  levels?: MaintenanceLevels;
}

/** One purifier to make sure of: serial `<model>-<number>`, owner, display name. */
export interface FleetPurifier {
  model: ProductKeyModel;
  number: number;
  ownerId: string;
  name: string;
  shortName?: string;
  /** Room volume in m³ (length × width × 2.50), so the summary shows a real output. */
  pieceVolume: number;
  /** The usual number of people in the room. */
  occupants?: number;
  /** A weekly plan set by the owner when the purifier is made. */
  schedule?: Schedule;
}

/** One sensor to make sure of, with the purifiers (serials) of its room. */
export interface FleetSensor {
  serial: string;
  ownerId: string | null;
  name: string;
  shortName?: string;
  linked: string[];
  reportingIntervalS?: number;
}

/**
 * Makes sure a purifier exists and belongs to its owner, the way a real one does: a product key
 * generated, exported, then activated by the owner (only when it is not activated yet, so it is
 * idempotent). Answers its credentials: its serial and a new device secret each time (secrets
 * are stored hashed; the simulated device is built by us, so it is given one rather than
 * exchanging its product key for it).
 */
export async function ensurePurifier(db: Database, p: FleetPurifier): Promise<DeviceCredentials> {
  const serial = `${p.model}-${String(p.number).padStart(6, '0')}`;
  let [key] = await db.select().from(productKeys).where(eq(productKeys.serialNumber, serial));
  if (!key) {
    await db
      .insert(productKeys)
      .values({
        id: ulid(),
        key: randomProductKey(),
        serialNumber: serial,
        model: p.model,
        state: 'exported',
        exportedAt: new Date(),
      })
      .onConflictDoNothing();
    [key] = await db.select().from(productKeys).where(eq(productKeys.serialNumber, serial));
  }
  if (key!.state !== 'activated') {
    const [owner] = await db.select().from(users).where(eq(users.id, p.ownerId));
    // A rotation's secret would be sealed with a throwaway key: the new secret below replaces it.
    await claimPurifier(db, owner!, key!.key, throwawayKeys());
    const [purifier] = await db.select().from(purifiers).where(eq(purifiers.serialNumber, serial));
    await db
      .update(purifiers)
      .set({
        name: p.name,
        shortName: p.shortName ?? '',
        pieceVolume: p.pieceVolume,
        occupants: p.occupants ?? null,
        ...(p.schedule
          ? {
              // As the owner would set it: a new desired version the device acknowledges.
              desired: sql`${purifiers.desired} || jsonb_build_object(
                'schedule', ${JSON.stringify(p.schedule)}::jsonb,
                'version', (${purifiers.desired} ->> 'version')::int + 1)`,
              scheduleSetBy: p.ownerId,
            }
          : {}),
      })
      .where(eq(purifiers.id, purifier!.id));
  }
  const [purifier] = await db.select().from(purifiers).where(eq(purifiers.serialNumber, serial));
  const secret = await issueDeviceSecret(db, purifier!.id);
  return {
    kind: 'purifier',
    id: purifier!.id,
    serial,
    secret,
    levels: purifier!.maintenanceLevels,
  };
}

/** The devices with their purifiers' stored consumable levels (after the demo's history). */
export async function withLevels(
  db: Database,
  devices: DeviceCredentials[],
): Promise<DeviceCredentials[]> {
  const rows = await db
    .select({ id: purifiers.id, levels: purifiers.maintenanceLevels })
    .from(purifiers);
  const levels = new Map(rows.map((r) => [r.id, r.levels]));
  return devices.map((d) =>
    d.kind === 'purifier' && levels.has(d.id) ? { ...d, levels: levels.get(d.id) } : d,
  );
}

/**
 * Makes sure a sensor exists (a new secret each time: secrets are stored hashed, so the caller
 * gets a fresh one to hand to the simulator) and is linked to the purifiers of its room.
 */
export async function ensureSensor(db: Database, s: FleetSensor): Promise<DeviceCredentials> {
  const { sensor, secret } = await provisionSensor(db, {
    serialNumber: s.serial,
    userId: s.ownerId,
    name: s.name,
    shortName: s.shortName,
    reportingIntervalS: s.reportingIntervalS,
  });
  for (const purifierSerial of s.linked) {
    const [purifier] = await db
      .select({ id: purifiers.id })
      .from(purifiers)
      .where(eq(purifiers.serialNumber, purifierSerial));
    if (purifier) await linkPurifier(db, sensor.id, purifier.id);
  }
  return { kind: 'sensor', id: sensor.id, serial: s.serial, secret, linked: s.linked };
}
