import type { JsonSchema } from './operations.ts';

export { seededRandom } from '@aircloud/core/test/random';

/** Picks `count` distinct items of `list` with `random` (all of them when the list is shorter). */
export function sample<T>(list: readonly T[], count: number, random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** SQL injection, script and path strings sent in string fields and parameters. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "1' UNION SELECT null, version() --",
  "'); SELECT pg_sleep(0); --",
  '\\x27 OR 1=1',
  '%27%20OR%201%3D1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'a\u0000b',
  '\u202e\ud83d\ude00\ufeff',
  '%',
  '_',
  '\\',
  ' ',
  '',
] as const;

/** Always sent: one SQL, one script and the NUL character (which PostgreSQL text refuses). */
const CORE_HOSTILE = ["' OR '1'='1", '<script>alert(1)</script>', 'a\u0000b'];

/** The core hostile strings and `extra` others drawn with `random` (all of them over a run). */
export function hostileSample(random: () => number, extra = 3): string[] {
  const others = HOSTILE_STRINGS.filter((s) => !CORE_HOSTILE.includes(s));
  return [...CORE_HOSTILE, ...sample(others, extra, random)];
}

/** A string far above any declared maximum, yet well inside the 1 MB body limit. */
export const HUGE_STRING = 'A'.repeat(200_000);

/** The JSON types a schema allows. */
export function schemaTypes(schema: JsonSchema): string[] {
  if (schema.anyOf || schema.oneOf)
    return [...new Set((schema.anyOf ?? schema.oneOf)!.flatMap(schemaTypes))];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

/** The first object branch of a union, or the schema itself. */
export function objectBranch(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties || schema.type === 'object') return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).map(objectBranch).find(Boolean);
}

/** A plausible valid value for a schema, so a probe changes one field and reaches the handler. */
export function plausibleValue(schema: JsonSchema, name = ''): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf || schema.oneOf)
    return plausibleValue((schema.anyOf ?? schema.oneOf)![0]!, name);
  const [type] = schemaTypes(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (/email/.test(name)) return 'fuzz@example.com';
      // Passes the password rules, so a probe on another field gets past them.
      if (/password/.test(name)) return 'Fuzz-Secret-123';
      if (schema.pattern?.includes('0-9A-HJKMNP-TV-Z')) return '01J00000000000000000000000';
      return 'fuzz';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return plausibleObject(schema);
    default:
      return 'fuzz';
  }
}

/**
 * A body with the required properties set to plausible values: the smallest body a probe adds
 * one field to, so that field is what the route judges.
 */
export function plausibleObject(schema: JsonSchema): Record<string, unknown> {
  const branch = objectBranch(schema) ?? {};
  const required = new Set(branch.required ?? []);
  return Object.fromEntries(
    Object.entries(branch.properties ?? {})
      .filter(([k]) => required.has(k))
      .map(([k, v]) => [k, plausibleValue(v, k)]),
  );
}

/** A value that breaks one field, and whether the schema promises to refuse it. */
export interface FieldMutation {
  label: string;
  value: unknown;
  /** True when the value is outside the declared schema (a 2xx would be a bug). */
  refused: boolean;
}

const OF_TYPE: Record<string, unknown[]> = {
  string: ['x', ''],
  number: [1.5, 0],
  integer: [7, 0],
  boolean: [true],
  object: [{ nested: { deep: [1, { x: null }] } }],
  array: [[1, 'two', null]],
  null: [null],
};

/** Wrong types, bad enums, out-of-range numbers and huge strings for one declared field. */
export function fieldMutations(schema: JsonSchema): FieldMutation[] {
  const types = schemaTypes(schema);
  const allows = (t: string) =>
    types.length === 0 || types.includes(t) || (t === 'integer' && types.includes('number'));
  const out: FieldMutation[] = [];
  for (const [type, values] of Object.entries(OF_TYPE)) {
    if (allows(type)) continue;
    // 1.5 is a number but not an integer; an integer is a number.
    if (type === 'number' && types.includes('integer')) {
      out.push({ label: 'fraction for integer', value: 1.5, refused: true });
      continue;
    }
    for (const value of values)
      out.push({ label: `${type} for ${types.join('|')}`, value, refused: true });
  }
  if (schema.enum?.length)
    out.push({ label: 'value outside the enum', value: 'NOT_IN_ENUM_✗', refused: true });
  if (allows('string')) {
    // Refused when the schema bounds the string; free text may legitimately be long.
    const bounded = schema.maxLength !== undefined || !!schema.enum || !!schema.pattern;
    out.push({ label: 'huge string', value: HUGE_STRING, refused: bounded });
  }
  if (allows('number') || allows('integer')) {
    for (const value of [-1, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -0]) {
      const outOfRange =
        (schema.minimum !== undefined && value < schema.minimum) ||
        (schema.maximum !== undefined && value > schema.maximum);
      out.push({ label: `number ${value}`, value, refused: outOfRange });
    }
    out.push({ label: 'NaN as a string', value: 'NaN', refused: !allows('string') });
    out.push({ label: 'Infinity as a string', value: 'Infinity', refused: !allows('string') });
  }
  if (allows('array') && schema.items) {
    for (const m of fieldMutations(schema.items).slice(0, 3))
      out.push({ label: `item: ${m.label}`, value: [m.value], refused: m.refused });
  }
  return out;
}
