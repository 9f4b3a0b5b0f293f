import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localAppSecret } from './lib/services.ts';

let varDir: string;
beforeEach(() => {
  varDir = path.join(mkdtempSync(path.join(tmpdir(), 'aircloud-var-')), 'var');
});
afterEach(() => {
  rmSync(path.dirname(varDir), { recursive: true, force: true });
});

const file = () => path.join(varDir, 'app-secret');
const mode = () => statSync(file()).mode & 0o777;

describe('localAppSecret (npm start without APP_SECRET)', () => {
  it('draws 48 random bytes into var/app-secret, readable by its owner only, on first start', () => {
    const secret = localAppSecret(varDir);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    expect(readFileSync(file(), 'utf8').trim()).toBe(secret);
    expect(mode()).toBe(0o600);
    const other = path.join(path.dirname(varDir), 'other');
    expect(localAppSecret(other)).not.toBe(secret);
  });

  it('keeps it across starts (sessions survive) and tightens a file others could read', () => {
    const secret = localAppSecret(varDir);
    chmodSync(file(), 0o644);
    expect(localAppSecret(varDir)).toBe(secret);
    expect(mode()).toBe(0o600);
  });

  it('replaces a secret too short for the server', () => {
    localAppSecret(varDir);
    writeFileSync(file(), 'short\n');
    const secret = localAppSecret(varDir);
    expect(secret).not.toBe('short');
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
});
