import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from '@aircloud/core/lib/ulid';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import type { Role } from '@aircloud/shared/roles';
import type { PurifierMode, Schedule } from '@aircloud/shared/purifiers';
import { hashPassword } from '../../server/src/modules/auth/password-hash.ts';
import type { Database } from '@aircloud/core/db/client';
import { firmwares, users } from '@aircloud/core/db/schema';
import { eq } from 'drizzle-orm';
import {
  ensurePurifier,
  ensureSensor,
  type DeviceCredentials,
  type FleetPurifier,
  type FleetSensor,
} from './device-fleet.ts';

/** The demo accounts, created only in demo mode; all share the password below. */
export const DEMO_PASSWORD = 'Demo-1234';
export const DEMO_ACCOUNTS: { email: string; firstname: string; lastname: string; role: Role }[] = [
  { email: 'admin@demo.test', firstname: 'Alice', lastname: 'Admin', role: 'ROLE_ADMIN' },
  { email: 'tech@demo.test', firstname: 'Théo', lastname: 'Technicien', role: 'ROLE_TECHNICIAN' },
  { email: 'user@demo.test', firstname: 'Ursula', lastname: 'User', role: 'ROLE_USER' },
];

/** Creates the demo accounts that do not exist yet (idempotent, safe at every start). */
export async function seedDemo(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        id: ulid(),
        ...account,
        company: 'Demo',
        lang: 'fr',
        enabled: true,
        passwordHash,
      })),
    )
    .onConflictDoNothing({ target: users.email });
}

const serialOf = (model: string, n: number) => `${model}-${String(n).padStart(6, '0')}`;

const slot = (start: string, mode: PurifierMode) => ({ start, mode });
const WORKDAY = [
  slot('07:00', 'auto'),
  slot('12:00', 'boost'),
  slot('13:30', 'auto'),
  slot('18:00', 'silence'),
  slot('19:00', 'boost'),
  slot('20:30', 'auto'),
  slot('23:00', 'off'),
];
const WEEKEND = [
  slot('09:00', 'silence'),
  slot('12:00', 'boost'),
  slot('13:30', 'auto'),
  slot('19:00', 'boost'),
  slot('20:30', 'silence'),
  slot('23:30', 'off'),
];
/**
 * The weekly plan the demo's owners set: harder at meals, quiet in the evening, off at night.
 * It drives the month of history (each mode's decays) and, through the worker, the live modes.
 */
export const DEMO_SCHEDULE: Schedule = {
  days: [WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY, WEEKEND, WEEKEND],
};

/**
 * Demo machines (idempotent): user@demo.test gets two purifiers and two sensors, each sensor in
 * the room of one purifier; admin@demo.test three purifiers and one sensor. Answers the device
 * credentials for the simulator (sensor secrets are renewed at every call).
 */
export async function seedDemoDevices(db: Database): Promise<DeviceCredentials[]> {
  const byEmail = async (email: string) =>
    (await db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const user = await byEmail('user@demo.test');
  const admin = await byEmail('admin@demo.test');
  const purifierPlan: FleetPurifier[] = [
    {
      model: 'HEPA_BULLE_WHITE',
      number: 900001,
      ownerId: user,
      name: 'Salon',
      shortName: 'Salon',
      pieceVolume: 45,
      occupants: 3,
      schedule: DEMO_SCHEDULE,
    },
    {
      model: 'HEPA_COCOON',
      number: 900002,
      ownerId: user,
      name: 'Bureau',
      shortName: 'Bureau',
      pieceVolume: 30,
      occupants: 2,
      schedule: DEMO_SCHEDULE,
    },
    {
      model: 'HEPA_DOME_BLACK',
      number: 900003,
      ownerId: admin,
      name: 'Open space A',
      pieceVolume: 150,
      occupants: 14,
      schedule: DEMO_SCHEDULE,
    },
    {
      model: 'HEPA_DOME_WHITE',
      number: 900004,
      ownerId: admin,
      name: 'Open space B',
      pieceVolume: 120,
      occupants: 10,
      schedule: DEMO_SCHEDULE,
    },
    {
      model: 'HEPA_BULLE_BLACK',
      number: 900005,
      ownerId: admin,
      name: 'Salle de réunion',
      pieceVolume: 60,
      occupants: 8,
      schedule: DEMO_SCHEDULE,
    },
  ];
  const devices: DeviceCredentials[] = [];
  for (const p of purifierPlan) devices.push(await ensurePurifier(db, p));
  const sensorPlan: FleetSensor[] = [
    {
      serial: 'DEMO-SENSOR-000001',
      ownerId: user,
      name: 'Capteur salon',
      shortName: 'Salon',
      linked: [serialOf('HEPA_BULLE_WHITE', 900001)],
      reportingIntervalS: 5,
    },
    {
      serial: 'DEMO-SENSOR-000002',
      ownerId: user,
      name: 'Capteur bureau',
      shortName: 'Bureau',
      linked: [serialOf('HEPA_COCOON', 900002)],
      reportingIntervalS: 5,
    },
    {
      serial: 'DEMO-SENSOR-000003',
      ownerId: admin,
      name: 'Capteur open space',
      linked: [serialOf('HEPA_DOME_BLACK', 900003), serialOf('HEPA_DOME_WHITE', 900004)],
      reportingIntervalS: 5,
    },
  ];
  for (const s of sensorPlan) devices.push(await ensureSensor(db, s));
  return devices;
}

/** The firmware the demo offers for a rollout: newer than what simulated purifiers run. */
export const DEMO_FIRMWARE = {
  name: 'AirCloud purifier firmware',
  version: '2.5.0',
  fileName: 'aircloud-purifier-2.5.0.bin',
  size: 768 * 1024,
} as const;

/**
 * A firmware file for the demo's rollouts (idempotent): 768 KB of deterministic bytes, version
 * 2.5.0, for every model, stored as an upload is (`<uploadDir>/firmware/<random>.bin`).
 */
export async function seedDemoFirmware(db: Database, uploadDir: string): Promise<void> {
  const [existing] = await db
    .select({ id: firmwares.id, stored: firmwares.storedFileName })
    .from(firmwares)
    .where(eq(firmwares.version, DEMO_FIRMWARE.version));
  const dir = path.join(uploadDir, 'firmware');
  if (existing && existsSync(path.join(dir, existing.stored))) return;
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update('aircloud demo firmware').digest();
  for (let size = 0; size < DEMO_FIRMWARE.size; size += block.length) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  const file = Buffer.concat(blocks).subarray(0, DEMO_FIRMWARE.size);
  const stored = `${randomBytes(16).toString('hex')}.bin`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, stored), file);
  if (existing) await db.delete(firmwares).where(eq(firmwares.id, existing.id));
  await db.insert(firmwares).values({
    id: ulid(),
    name: DEMO_FIRMWARE.name,
    version: DEMO_FIRMWARE.version,
    models: [...PRODUCT_KEY_MODELS],
    originalFileName: DEMO_FIRMWARE.fileName,
    storedFileName: stored,
    size: file.length,
    sha256: createHash('sha256').update(file).digest('hex'),
    contentType: 'application/octet-stream',
  });
}
