import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import { fullMaintenanceLevels, type DesiredState } from '@aircloud/shared/purifiers';
import { productKeys, purifiers, users } from '@aircloud/core/db/schema';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';

/**
 * A fresh database for the test file with one user, the owner of what the tests insert: created
 * before all tests, dropped after them. Read `database` and `ownerId` inside tests and hooks.
 */
export function useOwnerDatabase(): { readonly database: TestDatabase; readonly ownerId: string } {
  const state = { database: undefined as TestDatabase | undefined, ownerId: randomUUID() };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    await state.database.db.insert(users).values({
      id: state.ownerId,
      email: `owner-${state.ownerId}@example.com`,
      passwordHash: 'x',
      firstname: 'Ada',
      lastname: 'Lovelace',
      enabled: true,
    });
  });
  afterAll(async () => {
    await state.database?.drop();
  });
  return {
    get database() {
      if (!state.database) throw new Error('the test database is created in beforeAll');
      return state.database;
    },
    ownerId: state.ownerId,
  };
}

let serial = 0;

/** An activated product key and its purifier (serial `<model>-00000n`); returns the purifier id. */
export async function insertPurifier(
  database: TestDatabase,
  options: {
    model: ProductKeyModel;
    userId: string | null;
    desired: DesiredState;
    name?: string;
    timezone?: string;
    /** Who set its schedule (default: its owner, when it has one). */
    scheduleSetBy?: string | null;
  },
): Promise<string> {
  serial += 1;
  const keyId = randomUUID();
  const id = randomUUID();
  const serialNumber = `${options.model}-${String(serial).padStart(6, '0')}`;
  await database.db.insert(productKeys).values({
    id: keyId,
    key: `KEY${String(serial).padStart(13, '0')}`,
    serialNumber,
    model: options.model,
    state: 'activated',
  });
  await database.db.insert(purifiers).values({
    id,
    userId: options.userId,
    productKeyId: keyId,
    serialNumber,
    model: options.model,
    name: options.name ?? `Purifier ${serial}`,
    ...(options.timezone ? { timezone: options.timezone } : {}),
    desired: options.desired,
    scheduleSetBy:
      options.scheduleSetBy !== undefined
        ? options.scheduleSetBy
        : options.desired.schedule
          ? options.userId
          : null,
    maintenanceLevels: fullMaintenanceLevels(),
  });
  return id;
}

/** Another enabled account (a stranger to the owner's machines); returns its id. */
export async function insertStranger(database: TestDatabase): Promise<string> {
  const id = randomUUID();
  await database.db.insert(users).values({
    id,
    email: `stranger-${id}@example.com`,
    passwordHash: 'x',
    firstname: 'No',
    lastname: 'Share',
    enabled: true,
  });
  return id;
}
