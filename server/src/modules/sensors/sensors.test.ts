import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoClass } from '@aircloud/shared/sensors';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DeviceAuthenticator } from '../../devices/device-auth.ts';
import { activate, exportedKey, signIn } from '../../../test/support/purifiers.ts';
import { linkPurifier, linkedPurifierIds } from '@aircloud/core/sensors/repository';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('sensor provisioning', () => {
  it('stores the secret hashed, and provisioning again renews it', async () => {
    const first = await provisionSensor(t.db, { serialNumber: 'PROV-1', userId: null });
    expect(first.sensor.deviceSecretHash).not.toContain(first.secret);
    // In service from the day it is provisioned (the settings tab shows it).
    expect(first.sensor.systemDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const auth = new DeviceAuthenticator(t.db.$client, { ttlMs: 0 });
    expect(await auth.verify('PROV-1', first.secret)).toMatchObject({ kind: 'sensor' });
    const second = await provisionSensor(t.db, { serialNumber: 'PROV-1', userId: null });
    expect(second.sensor.id).toBe(first.sensor.id);
    expect(await auth.verify('PROV-1', first.secret)).toBeNull();
    expect(await auth.verify('PROV-1', second.secret)).toMatchObject({ id: first.sensor.id });
  });

  it('links at most 8 purifiers to a sensor', async () => {
    const owner = await signIn(t);
    const tech = await signIn(t, 'ROLE_TECHNICIAN');
    const { sensor } = await provisionSensor(t.db, {
      serialNumber: 'LINKS-1',
      userId: owner.user.id,
    });
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1)
      ids.push((await activate(t, owner, (await exportedKey(t, tech)).key)).ulid);
    for (const id of ids.slice(0, 8)) await linkPurifier(t.db, sensor.id, id);
    await linkPurifier(t.db, sensor.id, ids[0]!); // linking again is harmless
    await expect(linkPurifier(t.db, sensor.id, ids[8]!)).rejects.toThrow();
    expect(await linkedPurifierIds(t.db, sensor.id)).toHaveLength(8);
  });
});

describe('isoClass (ISO 14644-1 from counts per litre)', () => {
  it('takes the worst of the 0.5 µm and 5 µm classes, within 1..9', () => {
    // Class 5 limits: 3,520 /m3 at 0.5 µm (3.52 /L) and 29 /m3 at 5 µm.
    expect(isoClass(3.5, 0)).toBe(5);
    expect(isoClass(3.6, 0)).toBe(6);
    expect(isoClass(352, 0.02)).toBe(7);
    expect(isoClass(0.1, 2.93)).toBe(7); // 5 µm drives it
    expect(isoClass(1e9, null)).toBe(9);
    expect(isoClass(null, undefined)).toBeNull();
  });
});
