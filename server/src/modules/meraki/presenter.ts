import type {
  MerakiSettings,
  NetworkAlertType,
  NetworkEvent,
} from '@aircloud/shared/network-events';
import { iri } from '@aircloud/core/jsonld';
import type { NetworkEventRow } from './repository.ts';

const eventIri = (row: Pick<NetworkEventRow, 'purifierId' | 'id'>) =>
  `${iri('purifiers', row.purifierId)}/network_events/${row.id}`;

const eventDate = (row: NetworkEventRow) => row.occurredAt ?? row.receivedAt;

/**
 * A logged network event as the API and the live push answer it; a start with the end that
 * closed it (one row, with its duration).
 */
export function networkEventPresenter(
  row: NetworkEventRow,
  end: NetworkEventRow | null = null,
): NetworkEvent {
  const raw = (row.raw ?? {}) as { alertType?: unknown; alertData?: { alertConfigName?: unknown } };
  const configName = raw.alertData?.alertConfigName;
  const endedAt = end ? eventDate(end) : null;
  return {
    '@id': eventIri(row),
    '@type': 'NetworkEvent',
    ulid: row.id,
    purifier: iri('purifiers', row.purifierId),
    date: eventDate(row).toISOString(),
    received_at: row.receivedAt.toISOString(),
    occurred_at: row.occurredAt?.toISOString() ?? null,
    mode: row.mode,
    alert_type: row.alertType as NetworkAlertType,
    alert_name: typeof raw.alertType === 'string' ? raw.alertType.slice(0, 200) : null,
    alert_id: row.alertId,
    error: row.error,
    applied: row.desiredVersion !== null,
    alert_config_name: typeof configName === 'string' ? configName.slice(0, 200) : null,
    ended_at: endedAt?.toISOString() ?? null,
    duration_s: endedAt
      ? Math.max(0, Math.round((endedAt.getTime() - eventDate(row).getTime()) / 1000))
      : null,
    end_applied: end ? end.desiredVersion !== null : null,
    start: row.startEventId ? eventIri({ purifierId: row.purifierId, id: row.startEventId }) : null,
  };
}

/** The webhook URL of a purifier and its shared secret. */
export function merakiSettingsPresenter(
  publicUrl: string,
  purifierId: string,
  secret: string | null,
): MerakiSettings {
  return {
    '@type': 'MerakiSettings',
    webhook_url: merakiWebhookUrl(publicUrl, purifierId),
    shared_secret: secret,
  };
}

/** `PUBLIC_URL/webhooks/meraki/{purifier ulid}`. */
export function merakiWebhookUrl(publicUrl: string, purifierId: string): string {
  return `${publicUrl}/webhooks/meraki/${purifierId}`;
}
