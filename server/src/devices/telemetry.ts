import {
  TELEMETRY_BATCH_MAX,
  TELEMETRY_MAX_AGE_MS,
  TELEMETRY_MAX_FUTURE_MS,
  purifierReportSchema,
  sensorSampleSchema,
  type PurifierReportInput,
} from '@aircloud/shared/devices';
import type { Violation } from '@aircloud/shared/errors';
import { isoClass, type MeasureValues, type SensorMeasure } from '@aircloud/shared/sensors';
import type { z } from 'zod';
import type { SampleRow } from '@aircloud/core/telemetry/sample-store';
import { readCommonSample } from './sample-fast-path.ts';

/** A telemetry body read and checked: rows to store (sensor) or reports (purifier), or violations. */
export type ParsedTelemetry<T> = { ok: true; items: T[] } | { ok: false; violations: Violation[] };

function violation(propertyPath: string, message: string): Violation {
  const code = message.startsWith('validation.') ? message.slice('validation.'.length) : 'invalid';
  return { propertyPath, code, message: code };
}

/** The samples of a body: `{samples: [...]}` or one sample; with the path prefix of each. */
function samplesOf(
  body: unknown,
): { list: unknown[]; prefix: (i: number) => string } | { error: Violation } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: violation('', 'validation.invalid') };
  if ('samples' in body) {
    const samples = (body as { samples: unknown }).samples;
    if (!Array.isArray(samples) || samples.length === 0)
      return { error: violation('samples', 'validation.required') };
    if (samples.length > TELEMETRY_BATCH_MAX)
      return { error: violation('samples', 'validation.max_length') };
    return { list: samples, prefix: (i) => `samples[${i}].` };
  }
  return { list: [body], prefix: () => '' };
}

function zodViolations(prefix: string, error: z.ZodError): Violation[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((k) => ({
        propertyPath: `${prefix}${path ? `${path}.` : ''}${k}`,
        code: 'unknown_field',
        message: 'unknown_field',
      }));
    return [violation(`${prefix}${path}`, issue.message)];
  });
}

function timeViolation(prefix: string, ts: number, now: number): Violation | null {
  if (ts > now + TELEMETRY_MAX_FUTURE_MS) return violation(`${prefix}ts`, 'validation.max_value');
  if (ts < now - TELEMETRY_MAX_AGE_MS) return violation(`${prefix}ts`, 'validation.min_value');
  return null;
}

/**
 * Reads a sensor's telemetry body: every sample must be valid (measures within their ranges,
 * timestamp within the live window) or nothing is stored. The ISO class is computed here.
 */
export function parseSensorTelemetry(
  sensorId: string,
  body: unknown,
  now = Date.now(),
): ParsedTelemetry<SampleRow> {
  const samples = samplesOf(body);
  if ('error' in samples) return { ok: false, violations: [samples.error] };
  const violations: Violation[] = [];
  const rows: SampleRow[] = [];
  samples.list.forEach((raw, i) => {
    // The common valid shape without zod; anything else through the schema (and its refusals).
    let sample = readCommonSample(raw);
    if (sample === null) {
      const parsed = sensorSampleSchema.safeParse(raw);
      if (!parsed.success) {
        violations.push(...zodViolations(samples.prefix(i), parsed.error));
        return;
      }
      const measures: MeasureValues = {};
      for (const [name, value] of Object.entries(parsed.data.measures))
        if (value !== null && value !== undefined) measures[name as SensorMeasure] = value;
      sample = { ts: Date.parse(parsed.data.ts), measures };
    }
    const { ts, measures } = sample;
    const late = timeViolation(samples.prefix(i), ts, now);
    if (late) {
      violations.push(late);
      return;
    }
    rows.push({ sensorId, ts, measures, iso: isoClass(measures.pc05, measures.pc5) });
  });
  return violations.length > 0 ? { ok: false, violations } : { ok: true, items: rows };
}

/** Reads a purifier's telemetry body: one report or `{samples: [...]}` of reports. */
export function parsePurifierTelemetry(
  body: unknown,
  now = Date.now(),
): ParsedTelemetry<PurifierReportInput> {
  const samples = samplesOf(body);
  if ('error' in samples) return { ok: false, violations: [samples.error] };
  const violations: Violation[] = [];
  const reports: PurifierReportInput[] = [];
  samples.list.forEach((raw, i) => {
    const prefix = samples.prefix(i);
    const parsed = purifierReportSchema.safeParse(raw);
    if (!parsed.success) {
      violations.push(...zodViolations(prefix, parsed.error));
      return;
    }
    const late = timeViolation(prefix, Date.parse(parsed.data.ts), now);
    if (late) violations.push(late);
    else reports.push(parsed.data);
  });
  return violations.length > 0 ? { ok: false, violations } : { ok: true, items: reports };
}
