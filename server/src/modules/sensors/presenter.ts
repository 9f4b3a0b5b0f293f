import { wifiState } from '@aircloud/shared/purifiers';
import type { PublicSensor, Sensor } from '@aircloud/shared/sensors';
import { iri } from '@aircloud/core/jsonld';
import type { SensorDetailRow } from '@aircloud/core/sensors/repository';

/** One sensor as the API answers it: settings, owner, network state, links and live values. */
export function sensorPresenter(detail: SensorDetailRow, now: Date = new Date()): Sensor {
  const { sensor, owner } = detail;
  return {
    '@id': iri('sensors', sensor.id),
    '@type': 'Sensor',
    ulid: sensor.id,
    serial_number: sensor.serialNumber,
    name: sensor.name,
    short_name: sensor.shortName,
    is_public: sensor.isPublic,
    system_date: sensor.systemDate,
    owner: owner
      ? {
          '@id': iri('users', owner.id),
          ulid: owner.id,
          firstname: owner.firstname,
          lastname: owner.lastname,
          email: owner.email,
        }
      : null,
    wifi_state: wifiState(sensor.lastSeenAt, sensor.reportingIntervalS, now),
    last_seen_at: sensor.lastSeenAt?.toISOString() ?? null,
    reporting_interval_s: sensor.reportingIntervalS,
    purifiers: detail.purifiers.map((p) => ({
      '@id': iri('purifiers', p.id),
      ulid: p.id,
      name: p.name,
      serial_number: p.serialNumber,
    })),
    last_sample: detail.lastSample,
    created_at: sensor.createdAt.toISOString(),
  };
}

/** A public sensor as anyone sees it: no owner, serial number or links. */
export function publicSensorPresenter(
  detail: SensorDetailRow,
  now: Date = new Date(),
): PublicSensor {
  const { sensor } = detail;
  return {
    ulid: sensor.id,
    name: sensor.name,
    short_name: sensor.shortName,
    wifi_state: wifiState(sensor.lastSeenAt, sensor.reportingIntervalS, now),
    last_seen_at: sensor.lastSeenAt?.toISOString() ?? null,
    last_sample: detail.lastSample,
  };
}
