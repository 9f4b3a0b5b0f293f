import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import { productKeys, purifierMerakiSecrets, purifiers } from '@aircloud/core/db/schema';
import { deriveKey, encrypt } from '@aircloud/core/lib/crypto';
import { keyIdOf, keyringOf, type AppSecrets } from '@aircloud/core/lib/keyring';
import { resealStaleValues } from '@aircloud/core/secrets/reseal';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';
import { createResealSecretsTask } from './ResealSecretsTask.ts';

const A = 'first-app-secret-of-this-install-0123456789';
const B = 'second-app-secret-of-this-install-012345678';
const C = 'a-secret-this-install-never-had-0123456789ab';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

let serial = 0;
/** A purifier with a Meraki secret and a pending device secret, both sealed by `sealer`. */
async function purifierSealedBy(sealer: AppSecrets | 'legacy-A') {
  serial += 1;
  const keyId = randomUUID();
  const id = randomUUID();
  const serialNumber = `HEPA_COCOON-95${String(serial).padStart(4, '0')}`;
  const seal = (purpose: 'meraki-secret' | 'device-secret', plain: string) =>
    sealer === 'legacy-A'
      ? encrypt(deriveKey(A, purpose), plain)
      : keyringOf(sealer, purpose).seal(plain);
  await database.db.insert(productKeys).values({
    id: keyId,
    key: `RESEALKEY${String(serial).padStart(7, '0')}`,
    serialNumber,
    model: 'HEPA_COCOON',
    state: 'activated',
  });
  await database.db.insert(purifiers).values({
    id,
    productKeyId: keyId,
    serialNumber,
    model: 'HEPA_COCOON',
    name: 'Reseal',
    desired: {
      mode: 'auto',
      trh: 5,
      silent_trh: 5,
      schedule: null,
      version: 1,
      updated_at: new Date().toISOString(),
      source: 'user',
    },
    maintenanceLevels: fullMaintenanceLevels(),
    deviceSecretHash: 'current-hash',
    deviceSecretNextHash: 'next-hash',
    deviceSecretNextSealed: seal('device-secret', `pending-${serial}`),
  });
  await database.db
    .insert(purifierMerakiSecrets)
    .values({ purifierId: id, secretEncrypted: seal('meraki-secret', `meraki-${serial}`) });
  return { id, n: serial };
}

async function sealedOf(id: string) {
  const [meraki] = await database.db
    .select({ v: purifierMerakiSecrets.secretEncrypted })
    .from(purifierMerakiSecrets)
    .where(eq(purifierMerakiSecrets.purifierId, id));
  const [device] = await database.db
    .select({ v: purifiers.deviceSecretNextSealed })
    .from(purifiers)
    .where(eq(purifiers.id, id));
  return { meraki: meraki!.v, device: device!.v! };
}

describe('ResealSecrets', () => {
  it('rotation: values of A (named or not) are sealed again with B, then open with B alone', async () => {
    const named = await purifierSealedBy({ appSecret: A });
    const legacy = await purifierSealedBy('legacy-A');
    const lost = await purifierSealedBy({ appSecret: C });
    const rotating = { appSecret: B, appSecretPrevious: [A] };
    const run = createResealSecretsTask({
      db: database.db,
      logger: pino({ level: 'silent' }),
      secrets: rotating,
    });

    expect(await run()).toEqual({ keyId: keyIdOf(B), resealed: 4, unreadable: 2 });
    // Idempotent: nothing more to do; the values C sealed are still counted, and left alone.
    expect(await run()).toEqual({ keyId: keyIdOf(B), resealed: 0, unreadable: 2 });
    const lostBefore = await sealedOf(lost.id);

    const onlyB = { appSecret: B };
    for (const { id, n } of [named, legacy]) {
      const sealed = await sealedOf(id);
      expect(sealed.meraki.startsWith(`v1.${keyIdOf(B)}.`)).toBe(true);
      expect(keyringOf(onlyB, 'meraki-secret').open(sealed.meraki)).toEqual({
        plain: `meraki-${n}`,
        stale: false,
      });
      expect(keyringOf(onlyB, 'device-secret').open(sealed.device)).toEqual({
        plain: `pending-${n}`,
        stale: false,
      });
    }
    expect(await sealedOf(lost.id)).toEqual(lostBefore);
  });

  it('works in batches and never overwrites a value changed meanwhile', async () => {
    const rows = await Promise.all(
      Array.from({ length: 5 }, () => purifierSealedBy({ appSecret: A })),
    );
    const secrets = { appSecret: B, appSecretPrevious: [A] };
    // A concurrent regeneration lands between the job's read and its update.
    const regenerated = keyringOf({ appSecret: B }, 'meraki-secret').seal('regenerated');
    const pool = database.db.$client;
    let victim: string | undefined;
    const racingPool = {
      query: (async (text: string, values?: unknown[]) => {
        if (!victim && text.trimStart().startsWith('UPDATE purifier_meraki_secrets')) {
          victim = (values![0] as string[])[0]!;
          await pool.query(
            'UPDATE purifier_meraki_secrets SET secret_encrypted = $1 WHERE purifier_id = $2',
            [regenerated, victim],
          );
        }
        return pool.query(text, values);
      }) as typeof pool.query,
    };
    const result = await resealStaleValues(racingPool, secrets, 2);
    expect(result.resealed).toBe(9); // 5 device secrets, 4 of 5 Meraki secrets
    expect((await sealedOf(victim!)).meraki).toBe(regenerated);
    for (const { id, n } of rows.filter((r) => r.id !== victim))
      expect(
        keyringOf({ appSecret: B }, 'meraki-secret').open((await sealedOf(id)).meraki),
      ).toEqual({ plain: `meraki-${n}`, stale: false });
    expect((await resealStaleValues(pool, secrets, 2)).resealed).toBe(0);
  });
});
