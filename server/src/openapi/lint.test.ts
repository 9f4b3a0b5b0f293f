import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import '../app.ts';
import { buildOpenApiDocument } from './registry.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'aircloud-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document', () => {
  it('passes Redocly lint (redocly.yaml) with no error and no warning', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(buildOpenApiDocument('https://aircloud.example')));
    const run = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((err: { stdout: string }) => err);
    const { problems } = JSON.parse(run.stdout) as { problems: Problem[] };
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`),
    ).toEqual([]);
  }, 60_000);
});
