import {
  SENSOR_MEASURES,
  type ImportColumnMapping,
  type ImportVendor,
  type SensorMeasure,
} from '@aircloud/shared/sensors';
import { conversionFor, type Quantity } from './units.ts';
import { isKnownTimeZone, type DateOrder } from './vendor-dates.ts';

/**
 * Recognises the vendors' exports by their header line and says what each column is, in which
 * unit, and how its values become ours. One small table per vendor (docs/api-sensors.md, "Vendor
 * exports"); pure, shared by the upload's check and preview and by the worker.
 */

/** How the time of a row is read in a vendor's export. */
export interface VendorTime {
  index: number;
  column: string;
  order: DateOrder;
  /** Times without an offset are wall-clock times of this zone. */
  zone: string;
  zoneSource: 'owner' | 'file' | 'utc';
}

/** A column whose values are stored, with the conversion to our unit. */
export interface MeasureColumn {
  index: number;
  measure: SensorMeasure;
  column: string;
  convert: ((value: number) => number) | null;
}

/** What a vendor's header resolves to. */
export interface VendorHeader {
  vendor: ImportVendor;
  time: VendorTime | null;
  measures: MeasureColumn[];
  columns: ImportColumnMapping[];
}

/** A header cell split into its name and the unit the vendor writes with it. */
interface Cell {
  name: string;
  unit: string | null;
}

/** `Temperature (°F)`, `Temperature(°F)`, `PM2.5 [µg/m³]` → name and unit. */
function splitParenthesised(cell: string): Cell {
  const m = /^(.*?)\s*[([]([^()[\]]*)[)\]]\s*$/.exec(cell);
  return m ? { name: m[1]!.trim(), unit: m[2]!.trim() || null } : { name: cell.trim(), unit: null };
}

/** Airthings writes the unit after the last space: `TEMP °F`, `RADON_SHORT_TERM_AVG Bq/m3`. */
function splitSpaced(cell: string): Cell {
  const m = /^(\S+)\s+(.+)$/.exec(cell.trim());
  return m ? { name: m[1]!, unit: m[2]!.trim() } : splitParenthesised(cell);
}

/** A header name reduced for matching: lower case, `_`/`-`/spaces collapsed to one space. */
function key(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ')
    .trim();
}

/** Names vendors give our measures and the quantities we read but do not store. */
const NAMES: Record<string, Quantity> = {
  co2: 'co2',
  'carbon dioxide': 'co2',
  temp: 'temperature',
  temperature: 'temperature',
  humidity: 'humidity',
  'relative humidity': 'humidity',
  rh: 'humidity',
  hum: 'humidity',
  humid: 'humidity',
  pm1: 'pm1',
  'pm1.0': 'pm1',
  'pm1 0': 'pm1',
  pm25: 'pm25',
  'pm2.5': 'pm25',
  'pm2,5': 'pm25',
  'pm2 5': 'pm25',
  pm10: 'pm10',
  'pm10.0': 'pm10',
  'pm10 0': 'pm10',
  voc: 'tvoc',
  tvoc: 'tvoc',
  'total voc': 'tvoc',
  formaldehyde: 'formaldehyde',
  hcho: 'formaldehyde',
  ch2o: 'formaldehyde',
  radon: 'radon',
  'radon short term avg': 'radon',
  'radon st avg': 'radon',
  'radon long term avg': 'radon',
  pressure: 'pressure',
  'atmospheric pressure': 'pressure',
  'barometric pressure': 'pressure',
  ...Object.fromEntries(SENSOR_MEASURES.map((m) => [m, m])),
};

/** PurpleAir writes no units: its download format fixes them (particle counts per dL). */
const PURPLEAIR: Record<string, [Quantity, string]> = {
  current_temp_f: ['temperature', '°F'],
  current_humidity: ['humidity', '%'],
  pressure: ['pressure', 'hPa'],
  pm1_0_atm: ['pm1', 'µg/m³'],
  pm2_5_atm: ['pm25', 'µg/m³'],
  pm10_0_atm: ['pm10', 'µg/m³'],
  p_0_3_um: ['pc03', '/dL'],
  p_0_5_um: ['pc05', '/dL'],
  p_1_0_um: ['pc1', '/dL'],
  p_2_5_um: ['pc25', '/dL'],
  p_5_0_um: ['pc5', '/dL'],
  p_10_0_um: ['pc10', '/dL'],
};

const MERAKI_MARKS = new Set([
  'noise',
  'ambient noise',
  'indoor air quality',
  'indoor air quality score',
  'iaq',
  'iaq index',
  'sensor serial',
  'serial',
  'sensor name',
]);

/** Which vendor wrote a header, or null for our own format (and what people write by hand). */
export function detectVendor(cells: string[]): Exclude<ImportVendor, 'aircloud'> | null {
  const names = cells.map((c) => key(splitParenthesised(c).name));
  const has = (n: string) => names.includes(n);
  if (has('recorded')) return 'airthings';
  if (has('utcdatetime') || (has('current temp f') && has('pm2 5 atm'))) return 'purpleair';
  if (cells.some((c) => /^time\s*\((dd|mm)[/.-](dd|mm)[/.-]yyyy/i.test(c.trim()))) return 'aranet4';
  // Awair: `Timestamp, Score, …`, or a timestamp column naming its zone.
  if (has('timestamp') && has('score')) return 'awair';
  if (cells.some((c) => /^timestamp\s*\(\s*[A-Za-z]+\/[A-Za-z_/+-]+\s*\)$/i.test(c.trim())))
    return 'awair';
  if (names.some((n) => MERAKI_MARKS.has(n)) && (has('timestamp') || has('time'))) return 'meraki';
  return null;
}

/** The time column of a vendor's header and how to read it. */
function timeOf(vendor: ImportVendor, cells: string[], ownerZone: string): VendorTime | null {
  const owner = { zone: ownerZone, zoneSource: 'owner' as const };
  for (let index = 0; index < cells.length; index += 1) {
    const column = cells[index]!;
    const { name, unit } = splitParenthesised(column);
    const k = key(name);
    if (vendor === 'airthings' && k === 'recorded')
      return { index, column, order: 'ymd', ...owner };
    if (vendor === 'purpleair' && k === 'utcdatetime')
      return { index, column, order: 'ymd', zone: 'UTC', zoneSource: 'utc' };
    if (vendor === 'aranet4' && k === 'time') {
      const order = /^mm/i.test(unit ?? '') ? 'mdy' : 'dmy';
      return { index, column, order, ...owner };
    }
    if ((vendor === 'awair' || vendor === 'meraki') && (k === 'timestamp' || k === 'time')) {
      // Awair names the zone of its times in the header: `timestamp(America/Los_Angeles)`.
      if (unit && isKnownTimeZone(unit))
        return { index, column, order: 'ymd', zone: unit, zoneSource: 'file' };
      return { index, column, order: vendor === 'meraki' ? 'mdy' : 'ymd', ...owner };
    }
  }
  return null;
}

/** What one column is, before units: a quantity with the unit written or implied, or nothing. */
function quantityOf(vendor: ImportVendor, column: string): (Cell & { quantity: Quantity }) | null {
  if (vendor === 'purpleair') {
    const known = PURPLEAIR[column.trim().toLowerCase()];
    return known ? { name: column, quantity: known[0], unit: known[1] } : null;
  }
  const cell = vendor === 'airthings' ? splitSpaced(column) : splitParenthesised(column);
  const quantity = NAMES[key(cell.name)];
  return quantity ? { ...cell, quantity } : null;
}

/**
 * Resolves a vendor's header: its time column, and for every column what it becomes (stored
 * with a conversion, ignored, or refused with the unit named). `ownerZone` is the zone of the
 * sensor owner, in which times without an offset are read (unless the file names its own).
 */
export function resolveVendorHeader(
  vendor: Exclude<ImportVendor, 'aircloud'>,
  cells: string[],
  ownerZone: string,
): VendorHeader {
  const time = timeOf(vendor, cells, ownerZone);
  const measures: MeasureColumn[] = [];
  const columns = cells.map((column, index) =>
    mapColumn(vendor, column, index, index === time?.index, measures),
  );
  return { vendor, time, measures, columns };
}

/** The mapping of one column; a stored one is added to `measures`. */
export function mapColumn(
  vendor: ImportVendor,
  column: string,
  index: number,
  isTime: boolean,
  measures: MeasureColumn[],
): ImportColumnMapping {
  const none = { measure: null, unit: null, conversion: null };
  if (isTime) return { column, ...none, quantity: 'time', status: 'time', reason: null };
  if (vendor === 'purpleair' && /_b$/i.test(column.trim()) && PURPLEAIR[column.trim().slice(0, -2)])
    return { column, ...none, quantity: null, status: 'ignored', reason: 'import.channel_b' };
  const found = quantityOf(vendor, column);
  if (!found) return { column, ...none, quantity: null, status: 'ignored', reason: null };
  const { quantity, unit } = found;
  const conversion = conversionFor(quantity, unit);
  const base = { column, quantity, unit, conversion: conversion?.label ?? null };
  if (!conversion)
    return { ...base, measure: null, status: 'refused', reason: 'import.unknown_unit' };
  if (quantity === 'radon' || quantity === 'pressure')
    return { ...base, measure: null, status: 'ignored', reason: 'import.measure_not_stored' };
  if (measures.some((m) => m.measure === quantity))
    return { ...base, measure: null, status: 'ignored', reason: 'import.duplicate_column' };
  measures.push({
    index,
    measure: quantity,
    column,
    convert: conversion.label ? conversion.convert : null,
  });
  return { ...base, measure: quantity, status: 'stored', reason: null };
}
