import { z } from 'zod';
import { SHORT_NAME_MAX } from './constants.ts';
import { ULID_PATTERN } from './ids.ts';
import { pageParam } from './pagination.ts';
import type { WifiState } from './purifiers.ts';
import { requiredString, singleLineText } from './validation.ts';
import {
  SENSOR_MEASURES,
  GRAPH_MEASURES,
  type SensorMeasure,
  type GraphMeasure,
} from './sensor-measures.ts';

export {
  SENSOR_MEASURES,
  FORMALDEHYDE_UG_PER_PPM,
  GRAPH_MEASURES,
  MEASURE_UNITS,
  MEASURE_DECIMALS,
  MAX_POINTS_PER_SERIES,
  EXPORT_MAX_MONTHS,
} from './sensor-measures.ts';
export type { SensorMeasure, GraphMeasure } from './sensor-measures.ts';

/** Accepted range of each measure; a value outside is refused (422), never stored. */
export const MEASURE_RANGES: Record<SensorMeasure, { min: number; max: number }> = {
  co2: { min: 0, max: 10_000 },
  pm1: { min: 0, max: 1000 },
  pm25: { min: 0, max: 1000 },
  pm10: { min: 0, max: 1000 },
  temperature: { min: -40, max: 85 },
  humidity: { min: 0, max: 100 },
  formaldehyde: { min: 0, max: 10_000 },
  tvoc: { min: 0, max: 100_000 },
  pc03: { min: 0, max: 1e9 },
  pc05: { min: 0, max: 1e9 },
  pc1: { min: 0, max: 1e9 },
  pc25: { min: 0, max: 1e9 },
  pc5: { min: 0, max: 1e9 },
  pc10: { min: 0, max: 1e9 },
};

/** Measure values of one sample; a sensor sends the measures it has. */
export type MeasureValues = Partial<Record<SensorMeasure, number>>;

/** One stored sample: sensor, time and its measures, with the computed ISO class. */
export interface SensorSample extends MeasureValues {
  /** ISO 8601 instant. */
  ts: string;
  iso?: number | null;
}

/**
 * ISO 14644-1 class from particle counts per litre (cumulative: particles ≥ size): the class
 * limit is Cn = 10^N × (0.1 / D)^2.08 per m3, so N = log10(C / (0.1 / D)^2.08), rounded up to
 * a whole class; the reported class is the worst of the 0.5 µm and 5 µm bounds, within 1..9.
 * Null when neither count is present.
 */
export function isoClass(pc05?: number | null, pc5?: number | null): number | null {
  const classOf = (perLitre: number, size: number) => {
    const perM3 = perLitre * 1000;
    if (perM3 <= 0) return 1;
    const n = Math.log10(perM3 / (0.1 / size) ** 2.08);
    // The standard's table rounds limits to 3 significant figures (class 7 at 0.5 µm: 352,000
    // for 351,768 by the formula): a count at the table's limit is still in that class.
    return Math.min(9, Math.max(1, Math.ceil(n - 0.003)));
  };
  const classes: number[] = [];
  if (pc05 !== undefined && pc05 !== null) classes.push(classOf(pc05, 0.5));
  if (pc5 !== undefined && pc5 !== null) classes.push(classOf(pc5, 5));
  return classes.length === 0 ? null : Math.max(...classes);
}

/** Measures of one sensor sample as a device sends them; unknown names are refused. */
export const measureValuesSchema = z.strictObject(
  Object.fromEntries(
    SENSOR_MEASURES.map((m) => [
      m,
      z
        .number({ error: 'validation.numeric' })
        .min(MEASURE_RANGES[m].min, { error: 'validation.min_value' })
        .max(MEASURE_RANGES[m].max, { error: 'validation.max_value' })
        .nullable()
        .optional(),
    ]),
  ) as Record<SensorMeasure, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
);

/** A sensor's purifiers are at most this many (spec section 9). */
export { PURIFIERS_PER_SENSOR_MAX } from './constants.ts';

// ---------------------------------------------------------------------------------------------
// Sensor API contract (docs/api-sensors.md): shapes shared by the server, the worker and the client.
// ---------------------------------------------------------------------------------------------

const ulidField = () =>
  z.string({ error: 'validation.required' }).regex(ULID_PATTERN, { error: 'validation.invalid' });

/** A purifier linked to a sensor, as the sensor shows it. */
export interface LinkedPurifier {
  '@id': string;
  ulid: string;
  name: string;
  serial_number: string;
}

/** The owner of a sensor, as technicians and admins see it. */
export interface SensorOwner {
  '@id': string;
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** One sensor as the API answers it. */
export interface Sensor {
  '@id': string;
  '@type': 'Sensor';
  ulid: string;
  serial_number: string;
  name: string;
  short_name: string;
  is_public: boolean;
  /** Date the sensor was put into service (YYYY-MM-DD), editable; provisioning date by default. */
  system_date: string | null;
  owner: SensorOwner | null;
  wifi_state: WifiState;
  last_seen_at: string | null;
  reporting_interval_s: number;
  /** Linked purifiers, at most 8, in link order. */
  purifiers: LinkedPurifier[];
  /** Latest stored sample (live values of the list), null before the first. */
  last_sample: SensorSample | null;
  created_at: string;
}

/** POST /api/sensors (technicians, admins): provisions a sensor for an owner, by e-mail. */
export const createSensorSchema = z.strictObject({
  serial_number: requiredString()
    .max(64, { error: 'validation.max_length' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.serial_number' }),
  owner_email: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.email({ error: 'validation.email' }))
    .transform((email) => email.toLowerCase()),
  name: singleLineText().max(100, { error: 'validation.max_length' }).optional(),
});
export type CreateSensorInput = z.infer<typeof createSensorSchema>;

/** The answer to a provisioning: the sensor and its device secret, shown once (stored hashed). */
export interface ProvisionedSensorResponse extends Sensor {
  device_secret: string;
  /** The MQTT broker the sensor may publish to (`mqtt://host:port`), or null: HTTP only. */
  mqtt_url: string | null;
}

/** PATCH /api/sensors/{ulid} (merge-patch). */
export const patchSensorSchema = z
  .strictObject({
    name: requiredString().max(100, { error: 'validation.max_length' }),
    short_name: singleLineText()
      .max(SHORT_NAME_MAX, { error: 'validation.max_length' })
      .nullable()
      .transform((v) => v ?? ''),
    is_public: z.boolean({ error: 'validation.invalid' }),
    system_date: z.iso.date({ error: 'validation.date' }).nullable(),
  })
  .partial();
export type PatchSensorInput = z.infer<typeof patchSensorSchema>;

/**
 * PUT /api/sensors/{ulid}/purifiers: the full set of linked purifiers (each one the user may
 * control). More than 8 answers 422 `sensor_purifiers_max`.
 */
export const sensorPurifiersSchema = z.strictObject({
  purifiers: z.array(ulidField(), { error: 'validation.invalid' }).max(64, {
    error: 'validation.max_length',
  }),
});
export type SensorPurifiersInput = z.infer<typeof sensorPurifiersSchema>;

/** GET /api/sensors query; `user` (admins only) lists another user's sensors. */
export const sensorsQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'validation.max_length' }).optional(),
  user: z.string().regex(ULID_PATTERN, { error: 'validation.invalid' }).optional(),
  page: pageParam(),
});
export type SensorsQuery = z.infer<typeof sensorsQuerySchema>;

const instant = () =>
  z.iso.datetime({
    offset: true,
    error: (i) => (i.input ? 'validation.date' : 'validation.required'),
  });

/**
 * GET /api/sensors/{ulid}/measures and /public/sensors/{ulid}/measures: `from` < `to` (ISO 8601
 * instants), `measures` a comma-separated subset of GRAPH_MEASURES (all when absent).
 */
export const measuresQuerySchema = z
  .object({
    from: instant(),
    to: instant(),
    measures: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [...GRAPH_MEASURES];
        const list = [
          ...new Set(
            v
              .split(',')
              .map((m) => m.trim())
              .filter(Boolean),
          ),
        ];
        for (const m of list) {
          if (!(GRAPH_MEASURES as readonly string[]).includes(m)) {
            ctx.addIssue({ code: 'custom', message: 'validation.invalid_choice' });
            return z.NEVER;
          }
        }
        return list as GraphMeasure[];
      }),
  })
  .refine((q) => new Date(q.from).getTime() < new Date(q.to).getTime(), {
    message: 'validation.date_range',
    path: ['to'],
  });
export type MeasuresQuery = z.infer<typeof measuresQuerySchema>;

/**
 * One series, columnar: `t` in epoch seconds (UTC), ascending; `v` the value (raw) or the bucket
 * average (roll-up); `min`/`max` only for a roll-up. Nulls are gaps.
 */
export interface MeasureSeries {
  t: number[];
  v: (number | null)[];
  min?: (number | null)[];
  max?: (number | null)[];
}

/** The answer of a graph request: the server chose the resolution (≤ MAX_POINTS_PER_SERIES). */
export interface SensorMeasures {
  sensor: string;
  from: string;
  to: string;
  /** `raw` samples, or a roll-up in buckets of `bucket_seconds` (3600 or a multiple of it). */
  resolution: 'raw' | 'rollup';
  bucket_seconds: number | null;
  series: Partial<Record<GraphMeasure, MeasureSeries>>;
}

/** Formats of an export: CSV (the import reads it back) or an Excel workbook (real dates and numbers). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/sensors/{ulid}/export: `from` < `to`, at most one month apart (else 422 `export_period_too_long`). */
export const exportQuerySchema = z
  .object({
    from: instant(),
    to: instant(),
    format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid_choice' }).default('csv'),
  })
  .refine((q) => new Date(q.from).getTime() < new Date(q.to).getTime(), {
    message: 'validation.date_range',
    path: ['to'],
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** A public sensor as anyone sees it at /public/sensors/{ulid} (404 while it is not public). */
export interface PublicSensor {
  ulid: string;
  name: string;
  short_name: string;
  wifi_state: WifiState;
  last_seen_at: string | null;
  last_sample: SensorSample | null;
}

/** States of a sensor data import. */
export const SENSOR_IMPORT_STATES = [
  'pending',
  'running',
  'completed',
  'cancelled',
  'failed',
  'reverted',
] as const;
export type SensorImportState = (typeof SENSOR_IMPORT_STATES)[number];

/** One rejected line of an import. */
export interface ImportRejection {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  /** Catalogue key of the reason (e.g. `import.bad_date`, `import.out_of_range`). */
  reason: string;
  /** The column concerned, if any. */
  column?: string;
}

/**
 * A sensor data import (`/api/sensor_imports/{id}`), pushed live as `sensor-import:updated` to
 * the sensor's room. Cancelling removes the rows this import stored (the screen says so).
 */
export interface SensorImport {
  '@id': string;
  '@type': 'SensorImport';
  id: string;
  sensor: string;
  file_name: string;
  size: number;
  state: SensorImportState;
  /** Bytes of the file processed so far, for the progress bar. */
  bytes_read: number;
  rows_read: number;
  rows_stored: number;
  /** Rows already stored for that sensor and time (skipped, not an error). */
  rows_duplicate: number;
  rows_rejected: number;
  /** The first rejected lines (at most 100; `rows_rejected` counts them all). */
  rejections: ImportRejection[];
  /**
   * Catalogue key of why a `failed` import stopped (`import.no_date_column`,
   * `import.no_measure_column`, `import.empty_file`, `import.failed`); null otherwise.
   */
  error?: string | null;
  created_at: string;
  finished_at: string | null;
  /** The export recognised by its header (`aircloud` for our own format); null before 2026-11. */
  vendor?: ImportVendor | null;
  /** The zone its times without an offset were read in. */
  time_zone?: string | null;
  /** When a completed import was undone (state `reverted`). */
  reverted_at?: string | null;
}

/** The exports an import recognises by their header lines (docs/api-sensors.md). */
export const IMPORT_VENDORS = [
  'aircloud',
  'airthings',
  'purpleair',
  'awair',
  'aranet4',
  'meraki',
] as const;
export type ImportVendor = (typeof IMPORT_VENDORS)[number];

/** What the import does with one column of a file. */
export interface ImportColumnMapping {
  /** The header cell. */
  column: string;
  /** The measure it is stored as; null when it is not stored. */
  measure: SensorMeasure | null;
  /** What the column measures, also when it is not stored (`radon`, `pressure`, `time`). */
  quantity: string | null;
  /** Its unit as the file writes it (or as the vendor's format implies), null when none. */
  unit: string | null;
  /** The conversion to our unit (`°F → °C`), null when none is needed. */
  conversion: string | null;
  status: 'time' | 'stored' | 'ignored' | 'refused';
  /** Catalogue key of why it is ignored or refused (`import.unknown_unit`…), else null. */
  reason: string | null;
}

/** One row of a preview as it will be stored: the instant and the converted measures. */
export interface ImportPreviewRow extends MeasureValues {
  line: number;
  ts: string;
}

/**
 * `POST /api/sensors/{ulid}/imports?dry_run=1`: what the import would do with a file, read from
 * its first rows; nothing is stored.
 */
export interface SensorImportPreview {
  '@type': 'SensorImportPreview';
  file_name: string;
  vendor: ImportVendor;
  /** The zone times without an offset are read in; `time_zone_source` says where it comes from. */
  time_zone: string;
  time_zone_source: 'owner' | 'file' | 'utc';
  columns: ImportColumnMapping[];
  /** The first valid rows (at most 20). */
  rows: ImportPreviewRow[];
  /** The rejected lines among the rows read. */
  rejections: ImportRejection[];
  /** Data lines read for the preview. */
  rows_read: number;
}
