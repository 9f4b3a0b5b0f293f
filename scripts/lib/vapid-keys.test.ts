import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localVapidKeys } from './services.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('localVapidKeys', () => {
  it('makes a Web Push key pair once into var/vapid-keys.json (0600) and keeps it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    dirs.push(dir);
    const first = localVapidKeys(dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    // Browsers subscribed with this public key: the next start finds the same pair.
    expect(localVapidKeys(dir)).toEqual(first);
    // A damaged file is made again.
    writeFileSync(file, '{"publicKey":"x"}');
    expect(localVapidKeys(dir).publicKey).not.toBe(first.publicKey);
  });
});
