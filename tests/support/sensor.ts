import type { MeasureValues } from '@aircloud/shared/sensors';

/** A sensor as the device API knows it: serial number and the secret shown at provisioning. */
export interface SensorCredentials {
  serial: string;
  secret: string;
}

/** A simulated air-quality sensor for one journey: posts samples to the telemetry endpoint. */
export class TestSensor {
  constructor(
    private readonly baseUrl: string,
    private readonly device: SensorCredentials,
  ) {}

  /** Posts one sample taken now (or at `at`); resolves once the server has stored it. */
  async post(measures: MeasureValues, at: Date = new Date()): Promise<void> {
    const credentials = Buffer.from(`${this.device.serial}:${this.device.secret}`).toString(
      'base64',
    );
    const res = await fetch(`${this.baseUrl}/device/v1/telemetry`, {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ts: at.toISOString(), measures }),
    });
    if (res.status !== 200)
      throw new Error(`telemetry answered ${res.status}: ${await res.text()}`);
  }
}
