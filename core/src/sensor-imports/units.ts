import {
  FORMALDEHYDE_UG_PER_PPM,
  MEASURE_UNITS,
  type SensorMeasure,
} from '@aircloud/shared/sensors';

/**
 * Units of imported columns and their conversion to ours (MEASURE_UNITS). Pure, shared by the
 * upload's header check and preview (server) and the worker, so they never disagree.
 *
 * A quantity is one of our measures, or something vendors measure that AirCloud does not store
 * (radon, pressure): those are still read and converted in the preview, then left out.
 */
export type Quantity = SensorMeasure | 'radon' | 'pressure';

/** The unit a quantity is stored in (ours), and the one radon and pressure are shown in. */
export function ourUnit(quantity: Quantity): string {
  if (quantity === 'radon') return 'Bq/m3';
  if (quantity === 'pressure') return 'hPa';
  return MEASURE_UNITS[quantity];
}

/** A unit read from a file: how to bring a value in it to ours. */
export interface UnitConversion {
  /** The unit as the file writes it (trimmed). */
  unit: string;
  /** `°F → °C`, or null when the unit already is ours. */
  label: string | null;
  convert: (value: number) => number;
}

const identity = (v: number) => v;

/**
 * A unit cell reduced to a comparable key: lower case, no spaces, µ/μ/u alike, ³ as 3,
 * `per` and `#` and `pcs`/`particles`/`count(s)` dropped before a `/`.
 */
export function unitKey(unit: string): string {
  return unit
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[μµ]/g, 'u')
    .replace(/³/g, '3')
    .replace(/°/g, 'deg')
    .replace(/^(#|pcs|particles|counts?|um|nb)(?=\/)/, '')
    .replace(/^per/, '/');
}

type Table = Record<string, { label: string | null; convert: (v: number) => number }>;

const same = { label: null, convert: identity };
const MASS: Table = { 'ug/m3': same, 'ug/m^3': same, ugm3: same, 'ugm-3': same };
const PER_L = { label: null, convert: identity };
const COUNTS: Table = {
  '/l': PER_L,
  '/litre': PER_L,
  '/liter': PER_L,
  '/dl': { label: '/dL → /L (× 10)', convert: (v) => v * 10 },
  '/0.1l': { label: '/dL → /L (× 10)', convert: (v) => v * 10 },
  '/100ml': { label: '/dL → /L (× 10)', convert: (v) => v * 10 },
  '/ml': { label: '/mL → /L (× 1000)', convert: (v) => v * 1000 },
  '/cm3': { label: '/cm³ → /L (× 1000)', convert: (v) => v * 1000 },
  '/m3': { label: '/m³ → /L (÷ 1000)', convert: (v) => v / 1000 },
  '/ft3': { label: '/ft³ → /L (÷ 28.317)', convert: (v) => v / 28.316846592 },
  '/cf': { label: '/ft³ → /L (÷ 28.317)', convert: (v) => v / 28.316846592 },
  '/cuft': { label: '/ft³ → /L (÷ 28.317)', convert: (v) => v / 28.316846592 },
};
// Formaldehyde at 25 °C and 1013 hPa: 1 ppb = 30.03 / 24.45 µg/m3.
const HCHO_PPB = FORMALDEHYDE_UG_PER_PPM / 1000;

const UNITS: Record<Quantity, Table> = {
  temperature: {
    degc: same,
    c: same,
    celsius: same,
    degf: { label: '°F → °C', convert: (v) => ((v - 32) * 5) / 9 },
    f: { label: '°F → °C', convert: (v) => ((v - 32) * 5) / 9 },
    fahrenheit: { label: '°F → °C', convert: (v) => ((v - 32) * 5) / 9 },
    k: { label: 'K → °C', convert: (v) => v - 273.15 },
  },
  humidity: { '%': same, '%rh': same, '%hr': same, rh: same },
  co2: { ppm: same, ppb: { label: 'ppb → ppm (÷ 1000)', convert: (v) => v / 1000 } },
  tvoc: { ppb: same, ppm: { label: 'ppm → ppb (× 1000)', convert: (v) => v * 1000 } },
  formaldehyde: {
    ...MASS,
    ppb: { label: 'ppb → µg/m³ (× 1.228)', convert: (v) => v * HCHO_PPB },
    ppm: { label: 'ppm → µg/m³ (× 1228)', convert: (v) => v * HCHO_PPB * 1000 },
    'mg/m3': { label: 'mg/m³ → µg/m³ (× 1000)', convert: (v) => v * 1000 },
  },
  pm1: MASS,
  pm25: MASS,
  pm10: MASS,
  pc03: COUNTS,
  pc05: COUNTS,
  pc1: COUNTS,
  pc25: COUNTS,
  pc5: COUNTS,
  pc10: COUNTS,
  radon: {
    'bq/m3': same,
    'pci/l': { label: 'pCi/L → Bq/m³ (× 37)', convert: (v) => v * 37 },
  },
  pressure: {
    hpa: same,
    mbar: same,
    mb: same,
    pa: { label: 'Pa → hPa (÷ 100)', convert: (v) => v / 100 },
    kpa: { label: 'kPa → hPa (× 10)', convert: (v) => v * 10 },
    inhg: { label: 'inHg → hPa (× 33.864)', convert: (v) => v * 33.8638866667 },
    mmhg: { label: 'mmHg → hPa (× 1.333)', convert: (v) => v * 1.33322387415 },
  },
};

/**
 * How to bring a value of `quantity` written in `unit` to ours; null when the unit is not one we
 * know for it (the column is then refused, naming the unit). A missing unit is ours.
 */
export function conversionFor(quantity: Quantity, unit: string | null): UnitConversion | null {
  const written = (unit ?? '').trim();
  if (written === '') return { unit: ourUnit(quantity), label: null, convert: identity };
  const key = unitKey(written);
  const found = UNITS[quantity][key] ?? (key === unitKey(ourUnit(quantity)) ? same : undefined);
  return found ? { unit: written, label: found.label, convert: found.convert } : null;
}
