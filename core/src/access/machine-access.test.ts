import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { accessAllows, requireMachine } from './machine-access.ts';

describe('requireMachine', () => {
  it('answers 404 not_found to a malformed id without asking the database', async () => {
    const db = new Proxy({} as Database, {
      get: () => {
        throw new Error('no query expected');
      },
    });
    for (const id of [
      '',
      'not-a-ulid',
      '01J9Z3Q6ZP7V8W2M4K5N6R7S8',
      `01J9Z3Q6ZP7V8W2M4K5N6R7S8\u0000`,
    ])
      await expect(
        requireMachine(db, { id: 'u', role: 'ROLE_ADMIN' }, 'purifier', id, 'view'),
      ).rejects.toEqual(new AppError(404, 'not_found'));
  });
});

describe('accessAllows', () => {
  it('lets invited users view and control, never manage; owners and admins everything', () => {
    expect(accessAllows('invited', 'view')).toBe(true);
    expect(accessAllows('invited', 'control')).toBe(true);
    expect(accessAllows('invited', 'manage')).toBe(false);
    expect(accessAllows('owner', 'manage')).toBe(true);
    expect(accessAllows('admin', 'manage')).toBe(true);
    expect(accessAllows(null, 'view')).toBe(false);
  });
});
