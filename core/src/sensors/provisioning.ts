import { randomBytes } from 'node:crypto';
import { ulid } from '../lib/ulid.ts';
import type { Database } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import { provisionDeviceAccount } from '../mqtt/device-broker.ts';
import {
  findSensorBySerial,
  insertSensor,
  setSensorSecretHash,
  type SensorRow,
} from './repository.ts';

/** A device secret: 32 random bytes, base64url (256 bits, so SHA-256 at rest is enough). */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a provisioning gives back: the sensor and its secret, shown once (stored hashed). */
export interface ProvisionedSensor {
  sensor: SensorRow;
  secret: string;
}

/**
 * Provisions a sensor (technicians, the demo seed, the simulator): creates it with a new secret,
 * or, when the serial number exists, gives it a new secret (the old one stops working).
 */
export async function provisionSensor(
  db: Database,
  input: {
    serialNumber: string;
    userId: string | null;
    name?: string;
    shortName?: string;
    reportingIntervalS?: number;
    /** Use this secret instead of a random one (demo and simulator devices). */
    secret?: string;
  },
): Promise<ProvisionedSensor> {
  const secret = input.secret ?? newDeviceSecret();
  const hash = sha256(secret);
  const existing = await findSensorBySerial(db, input.serialNumber);
  if (existing) {
    if (existing.deviceSecretHash !== hash) await setSensorSecretHash(db, existing.id, hash);
    await provisionDeviceAccount(input.serialNumber, secret);
    return { sensor: { ...existing, deviceSecretHash: hash }, secret };
  }
  const sensor = await insertSensor(db, {
    id: ulid(),
    serialNumber: input.serialNumber,
    userId: input.userId,
    name: input.name ?? input.serialNumber,
    shortName: input.shortName ?? '',
    deviceSecretHash: hash,
    reportingIntervalS: input.reportingIntervalS ?? 60,
  });
  await provisionDeviceAccount(input.serialNumber, secret);
  return { sensor, secret };
}
