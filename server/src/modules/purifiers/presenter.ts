import {
  isDesiredPending,
  wifiState,
  type MaintenanceEvent,
  type Purifier,
  type PurifierLinkedSensor,
} from '@aircloud/shared/purifiers';
import type { MachineAccess } from '@aircloud/shared/invitations';
import { iri } from '@aircloud/core/jsonld';
import type {
  LinkedSensorRow,
  MaintenanceEventRow,
  PurifierRow,
} from '@aircloud/core/purifiers/repository';

/** The broker address MQTT devices are told (MQTT_PUBLIC_URL), or null without a broker. */
export function mqttUrlOf(ctx: { config: { mqtt: { publicUrl: string } | null } }): string | null {
  return ctx.config.mqtt?.publicUrl ?? null;
}

/**
 * One purifier as the API answers it: settings, desired and reported state, network state, and
 * (for one caller) how that caller reaches it.
 */
export function purifierPresenter(
  row: PurifierRow,
  now: Date = new Date(),
  access?: MachineAccess,
  /** The broker address MQTT devices use (MQTT_PUBLIC_URL), or null when there is none. */
  mqttUrl: string | null = null,
): Purifier {
  const reported = row.reported ?? null;
  return {
    '@id': iri('purifiers', row.id),
    '@type': 'Purifier',
    ulid: row.id,
    name: row.name,
    short_name: row.shortName,
    serial_number: row.serialNumber,
    model: row.model,
    owner: row.userId ? iri('users', row.userId) : null,
    product_key: iri('product_keys', row.productKeyId),
    system_date: row.systemDate,
    hourly_recycling_rate: row.hourlyRecyclingRate,
    silent_hourly_recycling_rate: row.silentHourlyRecyclingRate,
    piece_volume: row.pieceVolume,
    count_piece_connected_object: row.countPieceConnectedObject,
    occupants: row.occupants,
    is_public: row.isPublic,
    timezone: row.timezone,
    mode: row.desired.mode,
    reported_mode: reported?.mode ?? null,
    schedule: row.desired.schedule ?? null,
    state: row.state,
    wifi_state: wifiState(row.lastSeenAt, row.reportingIntervalS, now),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    reporting_interval_s: row.reportingIntervalS,
    maintenance_levels: row.maintenanceLevels,
    ip_address: reported?.ip_address ?? null,
    mac_address: reported?.mac_address ?? null,
    soft_version: reported?.soft_version ?? null,
    ssid: reported?.ssid ?? null,
    mqtt_url: mqttUrl,
    desired: row.desired,
    reported,
    desired_ack_version: row.desiredAckVersion,
    pending: isDesiredPending(row.desired, row.desiredAckVersion),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(access ? { access } : {}),
  };
}

/** One maintenance event as the API answers it. */
export function maintenanceEventPresenter(row: MaintenanceEventRow): MaintenanceEvent {
  return {
    '@id': `${iri('purifiers', row.purifierId)}/maintenance_events/${row.id}`,
    '@type': 'MaintenanceEvent',
    ulid: row.id,
    purifier: iri('purifiers', row.purifierId),
    type: row.type,
    occurred_at: row.occurredAt.toISOString(),
    user: row.userId ? iri('users', row.userId) : null,
    note: row.note,
    video_link: row.videoLink,
  };
}

/** A sensor linked to a purifier, as the purifier's page lists it. */
export function linkedSensorPresenter(row: LinkedSensorRow): PurifierLinkedSensor {
  return {
    ulid: row.id,
    name: row.name,
    owner_name: row.owner_name,
    linked_by_name: row.linked_by_name,
    visible: row.visible,
  };
}
