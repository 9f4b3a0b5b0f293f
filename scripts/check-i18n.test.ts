import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkI18n, report } from './check-i18n.ts';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A fake repository: `files` by path under the root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-i18n-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const catalogue = {
  'nav.users': 'Users',
  'nav.badge_one': '{{count}} invitation',
  'nav.badge_other': '{{count}} invitations',
  'roles.ROLE_USER': 'User',
  'roles.ROLE_ADMIN': 'Administrator',
  'errors.forbidden': 'Forbidden',
  'validation.required': 'Required',
  'nav.dead': 'Nobody uses me',
};

function run(files: Record<string, string>, fr: Record<string, string> = catalogue) {
  return checkI18n({
    root: tree(files),
    sourceDirs: ['client/src', 'server/src'],
    catalogues: { fr, en: catalogue, zh: catalogue },
    required: ['fr', 'en', 'zh'],
    allow: [],
    knownSets: { 'roles.${}': ['ROLE_USER', 'ROLE_ADMIN'] },
    alwaysUsed: ['errors.forbidden'],
  });
}

describe('check-i18n', () => {
  it('reports a key used in code but missing, and a key no code uses', () => {
    const result = run({
      'client/src/Page.tsx': [
        "t('nav.users'); t('nav.badge', { count });",
        "t('nav.missing');",
        't(`roles.${role}`);',
        "z.string().min(1, 'validation.required');",
      ].join('\n'),
    });
    expect(result.missing).toEqual([
      { lang: 'en', key: 'nav.missing', where: 'client/src/Page.tsx:2' },
      { lang: 'fr', key: 'nav.missing', where: 'client/src/Page.tsx:2' },
      { lang: 'zh', key: 'nav.missing', where: 'client/src/Page.tsx:2' },
    ]);
    expect(result.dead).toEqual(['nav.dead']);
    const lines: string[] = [];
    expect(report(result, (line) => lines.push(line))).toBe(false);
    expect(lines).toContain('  fr  nav.missing  (client/src/Page.tsx:2)');
    expect(lines).toContain('  nav.dead');
  });

  it('checks every known value of a template key in each required language', () => {
    const { ['roles.ROLE_ADMIN']: _, ...fr } = catalogue;
    const result = run(
      { 'server/src/a.ts': "t('nav.users'); t('nav.badge'); t(`roles.${r}`); 'nav.dead'" },
      fr,
    );
    expect(result.missing.map((m) => `${m.lang} ${m.key}`)).toEqual(['fr roles.ROLE_ADMIN']);
    // validation.required is used nowhere in this tree.
    expect(result.dead).toEqual(['validation.required']);
  });

  it('ignores tests, file names and undotted strings, and passes a clean tree', () => {
    const result = run({
      'client/src/a.tsx': [
        "t('nav.users'); t('nav.badge_one'); t(`roles.${x}`); t('nav.dead');",
        "const file = 'nav.css'; t('label');",
        "schema.min(1, 'validation.required');",
      ].join('\n'),
      'client/src/a.test.tsx': "t('nav.only-in-a-test');",
    });
    expect(result).toEqual({ missing: [], dead: [] });
  });
});
