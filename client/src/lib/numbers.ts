/**
 * Numbers, percentages and sizes in the reader's language (Intl.NumberFormat): "12,5" and
 * "50 %" in French, "12.5" and "50%" in English. Units Intl does not know (m³, m³/h) are
 * written by the catalogue around a number formatted here.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.NumberFormat(language, options);
    cache.set(id, found);
  }
  return found;
}

/** A number with at most two decimals, or `decimals` (12.5 → "12,5" in French). */
export function formatNumber(value: number, language: string, decimals = 2): string {
  return formatter(language, { maximumFractionDigits: decimals }).format(value);
}

/** A percentage given from 0 to 100, whole (50 → "50 %" in French, "50%" in English). */
export function formatPercent(value: number, language: string): string {
  return formatter(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in binary steps with one decimal (1.5 MB; "1,5 Mo" in French). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatter(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}
