/**
 * npm run simulate -- --purifiers N --sensors M --interval S [--url http://localhost:3000]
 *                     [--owner admin@demo.test] [--drop-rate 0.002] [--devices file.json]
 *                     [--firmware-failure-rate 0.1] [--install-seconds 4]
 *                     [--transport http|mqtt|both] [--mqtt-url mqtt://host:port]
 *
 * Provisions (idempotently) N simulated purifiers and M sensors for the owner in the database of
 * DATABASE_URL, each sensor in the room of some of the purifiers, then runs them against the
 * server until stopped. With --devices, runs the devices of that file instead (the demo). Purifiers
 * install the firmware rollouts send them, failing at --firmware-failure-rate; the versions they
 * run are kept in <devices file>.firmware.json (or var/simulator-firmware.json) across restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '@aircloud/core/config';
import { createDatabase } from '@aircloud/core/db/client';
import { users } from '@aircloud/core/db/schema';
import { ensurePurifier, ensureSensor, type DeviceCredentials } from '../demo/device-fleet.ts';
import { simulate } from './simulator.ts';
import { DEFAULT_FIRMWARE_BEHAVIOUR } from './firmware-update.ts';

const { values } = parseArgs({
  options: {
    purifiers: { type: 'string', default: '4' },
    sensors: { type: 'string', default: '2' },
    interval: { type: 'string', default: '10' },
    url: { type: 'string' },
    owner: { type: 'string', default: 'admin@demo.test' },
    'drop-rate': { type: 'string', default: '0.002' },
    devices: { type: 'string' },
    'firmware-failure-rate': { type: 'string', default: '0' },
    'install-seconds': { type: 'string', default: '4' },
    quiet: { type: 'boolean', default: false },
    transport: { type: 'string', default: 'http' },
    'mqtt-url': { type: 'string' },
  },
});
const transport = values.transport as 'http' | 'mqtt' | 'both';
if (!['http', 'mqtt', 'both'].includes(transport)) throw new Error('--transport http|mqtt|both');

// The simulator signs and seals nothing: a secret of this run only satisfies the configuration.
const config = loadConfig({
  ...process.env,
  APP_SECRET: process.env.APP_SECRET || randomBytes(48).toString('base64url'),
});
// The broker devices are told (MQTT_PUBLIC_URL, as npm start sets it).
const mqttUrl = values['mqtt-url'] ?? config.mqtt?.publicUrl;
const baseUrl = (values.url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
const log = values.quiet ? undefined : (line: string) => console.log(`[simulator] ${line}`);

/** Provisions the simulated fleet: purifiers HEPA_COCOON-95xxxx, sensors SIM-SENSOR-xxxxxx. */
async function provisionFleet(purifierCount: number, sensorCount: number, ownerEmail: string) {
  const db = createDatabase(config.databaseUrl, 2);
  try {
    const [owner] = await db.select().from(users).where(eq(users.email, ownerEmail));
    if (!owner) throw new Error(`no account ${ownerEmail} (start with --demo, or pass --owner)`);
    const devices: DeviceCredentials[] = [];
    for (let i = 0; i < purifierCount; i += 1)
      devices.push(
        await ensurePurifier(db, {
          model: 'HEPA_COCOON',
          number: 950001 + i,
          ownerId: owner.id,
          name: `Simulated purifier ${i + 1}`,
          pieceVolume: 50,
        }),
      );
    for (let j = 0; j < sensorCount; j += 1) {
      // Purifier i is in the room of sensor i % M (at most 8 per sensor).
      const linked = devices
        .filter((_, i) => i % Math.max(1, sensorCount) === j)
        .slice(0, 8)
        .map((d) => d.serial);
      devices.push(
        await ensureSensor(db, {
          serial: `SIM-SENSOR-${String(j + 1).padStart(6, '0')}`,
          ownerId: owner.id,
          name: `Simulated sensor ${j + 1}`,
          linked,
          reportingIntervalS: Number(values.interval),
        }),
      );
    }
    return devices;
  } finally {
    await db.$client.end();
  }
}

const devices: DeviceCredentials[] = values.devices
  ? (JSON.parse(readFileSync(values.devices, 'utf8')) as DeviceCredentials[])
  : await provisionFleet(Number(values.purifiers), Number(values.sensors), values.owner);

// The firmware versions the simulated purifiers run, kept across restarts of the simulator.
const firmwareFile = values.devices
  ? `${values.devices.replace(/\.json$/, '')}.firmware.json`
  : path.join(path.dirname(fileURLToPath(import.meta.url)), '../../var/simulator-firmware.json');
const softVersions: Record<string, string> = existsSync(firmwareFile)
  ? (JSON.parse(readFileSync(firmwareFile, 'utf8')) as Record<string, string>)
  : {};
const failureRate = Number(values['firmware-failure-rate']);
if (!(failureRate >= 0 && failureRate <= 1))
  throw new Error('--firmware-failure-rate must be between 0 and 1');

const simulation = simulate(devices, {
  baseUrl,
  intervalS: Number(values.interval),
  dropRate: Number(values['drop-rate']),
  firmware: {
    ...DEFAULT_FIRMWARE_BEHAVIOUR,
    failureRate,
    installSeconds: Number(values['install-seconds']),
  },
  softVersions,
  onFirmwareInstalled(serial, version) {
    softVersions[serial] = version;
    mkdirSync(path.dirname(firmwareFile), { recursive: true });
    writeFileSync(firmwareFile, `${JSON.stringify(softVersions, null, 2)}\n`);
  },
  log,
  transport,
  mqttUrl,
});
console.log(
  `[simulator] ${devices.filter((d) => d.kind === 'purifier').length} purifiers and ` +
    `${devices.filter((d) => d.kind === 'sensor').length} sensors reporting every ` +
    `${values.interval} s to ${transport === 'http' ? baseUrl : transport === 'mqtt' ? mqttUrl : `${baseUrl} and ${mqttUrl}`}`,
);
const stop = () => {
  simulation.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
