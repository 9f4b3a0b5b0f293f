import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ImportRejection } from '@aircloud/shared/sensors';
import {
  detectDelimiter,
  parseHeader,
  parseRow,
  type CsvLayout,
  type ParsedRow,
} from './csv-format.ts';
import { parseVendorDate } from './vendor-dates.ts';
import { conversionFor } from './units.ts';

const NOW = Date.UTC(2026, 10, 26);

/** Reads a whole small file as the worker does: header, then each row. */
function read(text: string, zone = 'Europe/Paris') {
  const headerLine = text.split(/\r?\n/)[0]!;
  const delimiter = detectDelimiter(headerLine);
  const [header, ...rows] = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const layout = parseHeader(header!, delimiter, zone);
  if (typeof layout === 'string') throw new Error(layout);
  const results = rows.map((cells, i) => parseRow(cells, layout, i + 2, NOW));
  const valid = results.filter((r): r is ParsedRow => 'ts' in r);
  const rejected = results.filter((r): r is ImportRejection => !('ts' in r));
  return { layout, valid, rejected };
}

const mapping = (layout: CsvLayout, column: string) =>
  layout.columns.find((c) => c.column === column);
const iso = (ms: number) => new Date(ms).toISOString();

describe('vendor exports', () => {
  it('Airthings dashboard export: °F and Bq/m3 converted', () => {
    const file = [
      'recorded;RADON_SHORT_TERM_AVG Bq/m3;TEMP °F;HUMIDITY %;PRESSURE hPa;CO2 ppm;VOC ppb',
      '2024-07-01T00:00:00;12;71.6;45;1013.2;612;120',
      '2024-07-01T01:00:00;15;68;47;1012.8;598;;',
    ].join('\n');
    const { layout, valid, rejected } = read(file);
    expect(layout.vendor).toBe('airthings');
    expect(layout.time).toMatchObject({
      column: 'recorded',
      zone: 'Europe/Paris',
      zoneSource: 'owner',
    });
    expect(mapping(layout, 'TEMP °F')).toMatchObject({
      measure: 'temperature',
      unit: '°F',
      conversion: '°F → °C',
      status: 'stored',
    });
    // AirCloud stores no radon: read, its Bq/m3 understood, and said to be left out.
    expect(mapping(layout, 'RADON_SHORT_TERM_AVG Bq/m3')).toMatchObject({
      quantity: 'radon',
      unit: 'Bq/m3',
      status: 'ignored',
      reason: 'import.measure_not_stored',
    });
    expect(mapping(layout, 'PRESSURE hPa')).toMatchObject({ status: 'ignored' });
    expect(rejected).toEqual([]);
    // 00:00 in Paris in July is 22:00 UTC the day before.
    expect(iso(valid[0]!.ts)).toBe('2024-06-30T22:00:00.000Z');
    expect(valid[0]!.measures).toEqual({ temperature: 22, humidity: 45, co2: 612, tvoc: 120 });
    expect(valid[1]!.measures.temperature).toBe(20);
  });

  it('Airthings radon in pCi/L is understood (× 37), and an unknown unit refuses only its column', () => {
    expect(conversionFor('radon', 'pCi/L')!.convert(2)).toBe(74);
    const file = ['recorded;TEMP °C;CO2 ppm;VOC mg/m3', '2024-07-01T00:00:00;21.5;612;0.2'].join(
      '\n',
    );
    const { layout, valid } = read(file);
    expect(mapping(layout, 'VOC mg/m3')).toMatchObject({
      status: 'refused',
      reason: 'import.unknown_unit',
      unit: 'mg/m3',
    });
    expect(valid[0]!.measures).toEqual({ temperature: 21.5, co2: 612 });
  });

  it('PurpleAir SD card CSV: UTC times, °F, channel A stored, counts per dL to per litre', () => {
    const file = [
      'UTCDateTime,mac_address,firmwarever,hardwarever,current_temp_f,current_humidity,current_dewpoint_f,pressure,adc,mem,rssi,uptime,pm1_0_cf_1,pm2_5_cf_1,pm10_0_cf_1,pm1_0_atm,pm2_5_atm,pm10_0_atm,pm2.5_aqi_cf_1,pm2.5_aqi_atm,p_0_3_um,p_0_5_um,p_1_0_um,p_2_5_um,p_5_0_um,p_10_0_um,pm1_0_cf_1_b,pm2_5_cf_1_b,pm10_0_cf_1_b,pm1_0_atm_b,pm2_5_atm_b,pm10_0_atm_b',
      '2024/07/01T00:00:00z,84:f3:eb:00:00:01,6.01,2.0+OPENLOG+NO-DISK+DS3231+BME280+PMSX003-A+PMSX003-B,77,40,51,1009.5,0.02,19000,-60,1234,3.1,5.2,6.0,3.1,5.2,6.0,22,22,912.4,260.1,40.2,3.1,0.6,0.2,3.3,5.4,6.1,3.3,9.9,6.1',
    ].join('\r\n');
    const { layout, valid, rejected } = read(file);
    expect(layout.vendor).toBe('purpleair');
    expect(layout.time).toMatchObject({ zone: 'UTC', zoneSource: 'utc' });
    expect(mapping(layout, 'p_0_3_um')).toMatchObject({
      measure: 'pc03',
      unit: '/dL',
      status: 'stored',
    });
    expect(mapping(layout, 'pm2_5_atm_b')).toMatchObject({
      status: 'ignored',
      reason: 'import.channel_b',
    });
    expect(mapping(layout, 'pm2_5_cf_1')).toMatchObject({ status: 'ignored', reason: null });
    expect(rejected).toEqual([]);
    expect(iso(valid[0]!.ts)).toBe('2024-07-01T00:00:00.000Z');
    expect(valid[0]!.measures).toEqual({
      temperature: 25,
      humidity: 40,
      pm1: 3.1,
      pm25: 5.2,
      pm10: 6,
      pc03: 9124,
      pc05: 2601,
      pc1: 402,
      pc25: 31,
      pc5: 6,
      pc10: 2,
    });
    expect(valid[0]!.iso).not.toBeNull();
  });

  it('Awair export: the zone of its header, °F converted', () => {
    const file = [
      'timestamp(America/Los_Angeles),score,temp,humid,co2,voc,pm25',
      '2024-07-01 00:00:00,88,22.5,45,612,120,4',
    ].join('\n');
    const { layout, valid } = read(file);
    expect(layout.vendor).toBe('awair');
    expect(layout.time).toMatchObject({ zone: 'America/Los_Angeles', zoneSource: 'file' });
    expect(iso(valid[0]!.ts)).toBe('2024-07-01T07:00:00.000Z');
    expect(valid[0]!.measures).toMatchObject({ temperature: 22.5, co2: 612, tvoc: 120, pm25: 4 });

    const named = [
      'Timestamp, Score, Temperature (°F), Humidity (%), CO2 (ppm), VOC (ppb), PM2.5 (µg/m³)',
      '2024-07-01T00:00:00.000Z,88,50,45,612,120,4',
    ].join('\n');
    const second = read(named);
    expect(second.layout.vendor).toBe('awair');
    expect(iso(second.valid[0]!.ts)).toBe('2024-07-01T00:00:00.000Z');
    expect(second.valid[0]!.measures).toEqual({
      temperature: 10,
      humidity: 45,
      co2: 612,
      tvoc: 120,
      pm25: 4,
    });
  });

  it('Aranet4 app CSV: day-first times in the owner zone, °F and inHg understood', () => {
    const file = [
      'Time(dd/mm/yyyy),Carbon dioxide(ppm),Temperature(°F),Relative humidity(%),Atmospheric pressure(inHg)',
      '01/07/2024 14:05:00,612,71.6,45,29.92',
      '31/02/2024 14:05:00,600,70,45,29.92',
    ].join('\n');
    const { layout, valid, rejected } = read(file);
    expect(layout.vendor).toBe('aranet4');
    expect(mapping(layout, 'Atmospheric pressure(inHg)')).toMatchObject({
      conversion: 'inHg → hPa (× 33.864)',
      status: 'ignored',
    });
    expect(iso(valid[0]!.ts)).toBe('2024-07-01T12:05:00.000Z');
    expect(valid[0]!.measures).toEqual({ co2: 612, temperature: 22, humidity: 45 });
    expect(rejected).toEqual([{ line: 3, reason: 'import.bad_date', column: 'Time(dd/mm/yyyy)' }]);
  });

  it('Meraki MT historical export: units in the header, TVOC in µg/m³ refused by name', () => {
    const file = [
      'Timestamp,Sensor name,Temperature (°C),Humidity (%),PM2.5 (µg/m³),TVOC (µg/m³),Noise (dBA),Indoor air quality score',
      '2024-07-01T00:00:00Z,MT15 Office,21.5,45,4.2,180,38,92',
    ].join('\n');
    const { layout, valid } = read(file);
    expect(layout.vendor).toBe('meraki');
    expect(mapping(layout, 'TVOC (µg/m³)')).toMatchObject({
      status: 'refused',
      reason: 'import.unknown_unit',
      unit: 'µg/m³',
    });
    expect(valid[0]!.measures).toEqual({ temperature: 21.5, humidity: 45, pm25: 4.2 });
  });

  it('our own export still reads back unchanged, and a °F column there is converted', () => {
    const file = [
      'timestamp,date,co2 (ppm),pm25 (µg/m3),temperature (°C),humidity (%HR),pc05 (pcs/L),iso (ISO)',
      '2026-10-25T00:30:00.000Z,25/10/2026 02:30:00,612.4,12,21.5,40,1000,6',
    ].join('\n');
    const { layout, valid } = read(file);
    expect(layout.vendor).toBe('aircloud');
    expect(layout.columns.every((c) => c.conversion === null)).toBe(true);
    expect(valid[0]).toMatchObject({
      ts: Date.UTC(2026, 9, 25, 0, 30),
      measures: { co2: 612.4, pm25: 12, temperature: 21.5, humidity: 40, pc05: 1000 },
    });
    const renamed = read('timestamp,temperature (°F)\n2024-07-01T00:00:00Z,50');
    expect(renamed.valid[0]!.measures).toEqual({ temperature: 10 });
    expect(mapping(renamed.layout, 'temperature (°F)')!.conversion).toBe('°F → °C');
  });

  it('a header whose only measure has an unknown unit is refused as without measure', () => {
    expect(parseHeader(['timestamp', 'temperature (°Z)'], ',')).toBe('import.no_measure_column');
    expect(parseHeader(['recorded', 'notes'], ';')).toBe('import.no_measure_column');
  });
});

describe('parseVendorDate', () => {
  it('reads a time without offset in the zone, first occurrence in the repeated hour', () => {
    expect(iso(parseVendorDate('2024-11-03 01:30:00', 'ymd', 'America/New_York')!)).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(parseVendorDate('2024-03-10 02:30:00', 'ymd', 'America/New_York')).toBeNull();
    expect(iso(parseVendorDate('07/01/2024 12:05:00 PM', 'mdy', 'UTC')!)).toBe(
      '2024-07-01T12:05:00.000Z',
    );
    expect(iso(parseVendorDate('2024-07-01T02:00:00+02:00', 'ymd', 'UTC')!)).toBe(
      '2024-07-01T00:00:00.000Z',
    );
    expect(parseVendorDate('yesterday', 'ymd', 'UTC')).toBeNull();
  });
});
