/**
 * The device side of a firmware rollout, as a purifier's firmware does it (docs/api-devices.md):
 * when its desired state names a firmware version it does not run, it reports `downloading`,
 * fetches the file in ranged parts (an interrupted download resumes from the last byte kept),
 * checks the SHA-256, reports `installing`, "installs" it, and reports the new `soft_version`;
 * or reports `failed` with a reason (`download_failed`, `hash_mismatch`, `install_failed`).
 */
import { createHash } from 'node:crypto';
import type { DesiredFirmware } from '@aircloud/shared/firmware-rollouts';
import type { FirmwareReport } from '@aircloud/shared/firmware-rollouts';

/** How simulated purifiers install firmware. */
export interface FirmwareBehaviour {
  /** Chance that an installation fails (`install_failed`), 0 to 1. */
  failureRate: number;
  /** Seconds an installation takes. */
  installSeconds: number;
  /** Bytes per ranged request. */
  chunkBytes?: number;
  /** Chance that a ranged request breaks off (the next one resumes), 0 to 1. */
  interruptRate?: number;
}

export const DEFAULT_FIRMWARE_BEHAVIOUR: FirmwareBehaviour = {
  failureRate: 0,
  installSeconds: 4,
  chunkBytes: 256 * 1024,
  interruptRate: 0.05,
};

/** Where an update stands, reported by the purifier. */
export type ReportFirmware = (fields: {
  firmware?: FirmwareReport;
  soft_version?: string;
}) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Downloads a firmware file in ranged parts; a part that breaks off is asked for again from
 * the first missing byte (at most `attempts` breaks in all).
 */
export async function downloadFirmware(
  firmware: DesiredFirmware,
  baseUrl: string,
  behaviour: FirmwareBehaviour,
  attempts = 20,
): Promise<Buffer> {
  // The URL is absolute (PUBLIC_URL); a simulator may reach the server by another address.
  const url = new URL(firmware.url);
  const target = new URL(`${url.pathname}${url.search}`, baseUrl);
  const chunk = behaviour.chunkBytes ?? 256 * 1024;
  const parts: Buffer[] = [];
  let received = 0;
  let breaks = 0;
  while (received < firmware.size) {
    const end = Math.min(firmware.size, received + chunk) - 1;
    const res = await fetch(target, { headers: { Range: `bytes=${received}-${end}` } });
    if (res.status !== 206 && res.status !== 200)
      throw new Error(`download answered ${res.status}`);
    let body = Buffer.from(await res.arrayBuffer());
    if (res.status === 200) body = body.subarray(received); // a server without ranges
    // Now and then the connection breaks off midway: keep what came, resume from there.
    if (Math.random() < (behaviour.interruptRate ?? 0) && body.length > 1) {
      if (++breaks > attempts) throw new Error('too many interrupted downloads');
      body = body.subarray(0, Math.floor(body.length / 2));
    }
    if (body.length === 0) throw new Error('empty download part');
    parts.push(body);
    received += body.length;
  }
  return Buffer.concat(parts).subarray(0, firmware.size);
}

/**
 * Runs one update to completion and answers the version the purifier runs afterwards: the new
 * one on success, `current` after a failure (reported with its reason).
 */
export async function installFirmware(
  firmware: DesiredFirmware,
  current: string,
  baseUrl: string,
  behaviour: FirmwareBehaviour,
  report: ReportFirmware,
): Promise<string> {
  const { version } = firmware;
  await report({ firmware: { status: 'downloading', version } });
  let file: Buffer;
  try {
    file = await downloadFirmware(firmware, baseUrl, behaviour);
  } catch {
    await report({ firmware: { status: 'failed', version, reason: 'download_failed' } });
    return current;
  }
  if (createHash('sha256').update(file).digest('hex') !== firmware.sha256) {
    await report({ firmware: { status: 'failed', version, reason: 'hash_mismatch' } });
    return current;
  }
  await report({ firmware: { status: 'installing', version } });
  await sleep(behaviour.installSeconds * 1000);
  if (Math.random() < behaviour.failureRate) {
    await report({ firmware: { status: 'failed', version, reason: 'install_failed' } });
    return current;
  }
  // Rebooted on the new firmware: its first report names the new version.
  await report({ soft_version: version });
  return version;
}
