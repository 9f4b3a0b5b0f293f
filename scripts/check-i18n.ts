/**
 * Catalogue check (`npm run check:i18n`, also run by `npm run lint`): every key the code uses
 * must exist in the required catalogues (fr, en, zh), and every catalogue key must be used.
 *
 * How keys are found in client/src, core/src, server/src, worker/src and shared/src (tests excluded):
 * - a quoted dotted literal whose first segment is a catalogue namespace (`t('nav.users')`,
 *   `i18nKey="..."`, zod messages `'validation.required'` / `'form.name.required'`, keys kept
 *   in maps): it must exist; a literal naming a whole subtree is left alone;
 * - a template literal starting with a namespace (`errors.${key}`): its static prefix must
 *   exist, every key it can match counts as used, and where the set of values is known
 *   (KNOWN_SETS: roles, error keys, languages, modes, states, models…) every value must exist;
 * - every ERROR_KEYS entry as `errors.<key>`;
 * - i18next plurals: `x` is satisfied by `x_one` / `x_other`, and uses them.
 * Keys used in ways the scanner cannot see go in scripts/i18n-allow-list.txt (commented).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A nested catalogue, texts at the leaves. */
export type Tree = { [key: string]: unknown };

export interface CheckInput {
  /** Repository root; `sourceDirs` and the reported locations are relative to it. */
  root: string;
  sourceDirs: string[];
  /** Flat catalogues (dotted key -> text) per language. */
  catalogues: Record<string, Record<string, string>>;
  /** Languages in which every used key must exist. */
  required: string[];
  /** Keys (or `prefix.*`) used dynamically, never reported dead. */
  allow: string[];
  /** Values of dynamic keys, by template with `${}` placeholders (`errors.${}`). */
  knownSets: Record<string, readonly (string | number)[]>;
  /** Keys always used (ERROR_KEYS as `errors.<key>`). */
  alwaysUsed?: string[];
}

export interface MissingKey {
  lang: string;
  key: string;
  where: string;
}

export interface CheckResult {
  missing: MissingKey[];
  dead: string[];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Literals that look like keys but name files (`'firmware.bin'`). */
const FILE_NAME = /\.(bin|csv|css|eml|html|js|json|md|png|jpe?g|svg|ts|tsx|txt|webp)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'testing', 'locales', 'catalogues']);

/** The dotted keys of a catalogue tree with their texts. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object') Object.assign(out, flatten(value as Tree, path));
  }
  return out;
}

/** Source files to scan: .ts/.tsx, tests and the catalogues themselves left out. */
function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads the allow-list: one key or `prefix.*` per line, `#` comments. */
export function readAllowList(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** Runs the check over the source tree; nothing is printed. */
export function checkI18n(input: CheckInput): CheckResult {
  const base = (key: string) => key.replace(PLURAL, '');
  // Keys per language with plural suffixes folded: `x_one` makes `x` exist.
  const present: Record<string, Set<string>> = {};
  for (const [lang, flat] of Object.entries(input.catalogues))
    present[lang] = new Set(Object.keys(flat).map(base));
  const allKeys = new Set(Object.values(present).flatMap((set) => [...set]));
  const namespaces = new Set([...allKeys].map((key) => key.split('.')[0]!));
  const subtrees = new Set(
    [...allKeys].flatMap((key) => {
      const parts = key.split('.');
      return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
    }),
  );

  const used = new Set<string>(input.alwaysUsed ?? []);
  const missing = new Map<string, MissingKey>();
  const require = (key: string, where: string, test?: (lang: string) => boolean) => {
    for (const lang of input.required) {
      const ok = test ? test(lang) : present[lang]?.has(key);
      if (!ok && !missing.has(`${lang} ${key}`))
        missing.set(`${lang} ${key}`, { lang, key, where });
    }
  };
  for (const key of input.alwaysUsed ?? []) require(key, 'ERROR_KEYS');

  const literal = /(['"])([a-z][\w-]*(?:\.[\w-]+)+)\1/gi;
  const template = /`([a-z][\w-]*\.[^`]*?\$\{[^`]*?)`/gi;
  for (const dir of input.sourceDirs) {
    for (const file of sourceFiles(join(input.root, dir))) {
      const text = readFileSync(file, 'utf8');
      const at = (index: number) => `${relative(input.root, file)}:${lineOf(text, index)}`;
      for (const match of text.matchAll(literal)) {
        const key = base(match[2]!);
        if (!namespaces.has(key.split('.')[0]!) || subtrees.has(key) || FILE_NAME.test(key))
          continue;
        used.add(key);
        require(key, at(match.index));
      }
      for (const match of text.matchAll(template)) {
        const body = match[1]!;
        if (!namespaces.has(body.split('.')[0]!)) continue;
        const parts = body.split(/\$\{[^}]*\}/);
        const pattern = new RegExp(`^${parts.map(escapeRegExp).join('[^.]+')}$`);
        const where = at(match.index);
        let matched = 0;
        for (const key of allKeys)
          if (pattern.test(key)) {
            used.add(key);
            matched += 1;
          }
        const prefix = parts[0]!;
        require(`${prefix}*`, where, (lang) =>
          [...(present[lang] ?? [])].some((key) => pattern.test(key)));
        if (matched === 0) continue;
        const values = input.knownSets[parts.join('${}')];
        if (values && parts.length === 2)
          for (const value of values) require(`${prefix}${value}${parts[1]}`, where);
      }
    }
  }

  const allowed = (key: string) =>
    input.allow.some((entry) =>
      entry.endsWith('.*') ? key.startsWith(entry.slice(0, -1)) : key === entry,
    );
  const dead = [...allKeys].filter((key) => !used.has(key) && !allowed(key)).sort();
  const order = (m: MissingKey) => `${m.key} ${m.lang}`;
  return {
    missing: [...missing.values()].sort((a, b) => order(a).localeCompare(order(b))),
    dead,
  };
}

/** Prints the result; true when there is nothing to report. */
export function report(result: CheckResult, log: (line: string) => void = console.log): boolean {
  if (result.missing.length > 0) {
    log(`Missing keys (used in code, absent from a required catalogue): ${result.missing.length}`);
    for (const m of result.missing) log(`  ${m.lang}  ${m.key}  (${m.where})`);
  }
  if (result.dead.length > 0) {
    log(`Dead keys (in a catalogue, used nowhere): ${result.dead.length}`);
    for (const key of result.dead) log(`  ${key}`);
  }
  return result.missing.length === 0 && result.dead.length === 0;
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { resources } = await import('@aircloud/shared/i18n/resources');
  const { COMPLETE_LANGUAGES, LANGUAGES } = await import('@aircloud/shared/constants');
  const { ERROR_KEYS } = await import('@aircloud/shared/errors');
  const { ROLES } = await import('@aircloud/shared/roles');
  const { PASSWORD_RULES } = await import('@aircloud/shared/password');
  const { PRODUCT_KEY_MODELS, PRODUCT_KEY_STATES } = await import('@aircloud/shared/product-keys');
  const purifiers = await import('@aircloud/shared/purifiers');
  const { NETWORK_ALERT_TYPES, NETWORK_EVENT_MODES } =
    await import('@aircloud/shared/network-events');
  const { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } = await import('@aircloud/shared/audit-log');
  const rollouts = await import('@aircloud/shared/firmware-rollouts');
  const days = [0, 1, 2, 3, 4, 5, 6];
  const catalogues = Object.fromEntries(
    Object.entries(resources).map(([lang, tree]) => [lang, flatten(tree as Tree)]),
  );
  const result = checkI18n({
    root,
    sourceDirs: ['client/src', 'core/src', 'server/src', 'worker/src', 'shared/src'],
    catalogues,
    required: [...COMPLETE_LANGUAGES],
    allow: readAllowList(join(root, 'scripts/i18n-allow-list.txt')),
    alwaysUsed: ERROR_KEYS.map((key) => `errors.${key}`),
    knownSets: {
      'errors.${}': ERROR_KEYS,
      'common.languages.${}': LANGUAGES,
      'users.roles-select-add.${}': ROLES,
      'profile.roles.${}': ROLES,
      'validation.password.${}': PASSWORD_RULES.map((rule) => rule.id),
      'product-models.${}': PRODUCT_KEY_MODELS,
      'product-keys.states.${}': PRODUCT_KEY_STATES,
      'purifiers.modes.${}': purifiers.PURIFIER_MODES,
      'purifiers.modes-inline.${}': purifiers.PURIFIER_MODES,
      'purifiers.states.${}': purifiers.PURIFIER_STATES,
      'purifiers.wifi.${}': purifiers.WIFI_STATES,
      'purifiers.wifi-filter-options.${}': purifiers.WIFI_STATES,
      'maintenance.types.${}': purifiers.MAINTENANCE_EVENT_TYPES,
      'maintenance.level.${}': purifiers.MAINTENANCE_LEVEL_KEYS,
      'schedule.days.${}': days,
      'meraki.types.${}': NETWORK_ALERT_TYPES,
      'meraki.modes.${}': NETWORK_EVENT_MODES,
      'audit-log.actions.${}': AUDIT_ACTIONS,
      'audit-log.target-types.${}': AUDIT_TARGET_TYPES,
      'rollouts.statuses.${}': rollouts.ROLLOUT_STATUSES,
      'rollouts.stages.${}': rollouts.ROLLOUT_STAGES,
      'rollouts.device-statuses.${}': rollouts.ROLLOUT_DEVICE_STATUSES,
      'rollouts.phases.${}': rollouts.ROLLOUT_DEVICE_PHASES,
      'rollouts.paused-reasons.${}': rollouts.ROLLOUT_PAUSE_REASONS,
      'rollouts.purifier.state-${}': [
        ...rollouts.ROLLOUT_DEVICE_PHASES,
        ...rollouts.ROLLOUT_DEVICE_STATUSES.filter((status) => status !== 'in_progress'),
      ],
    },
  });
  if (report(result)) {
    console.log('i18n catalogues: every used key exists in fr, en and zh; no dead key.');
  } else {
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
