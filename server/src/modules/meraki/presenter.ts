import type {
  MerakiSettings,
  NetworkAlertType,
  NetworkEvent,
} from '@aircloud/shared/network-events';
import { iri } from '@aircloud/core/jsonld';
import type { NetworkEventRow } from './repository.ts';

/** A logged network event as the API and the live push answer it. */
export function networkEventPresenter(row: NetworkEventRow): NetworkEvent {
  const raw = (row.raw ?? {}) as { alertType?: unknown };
  return {
    '@id': `${iri('purifiers', row.purifierId)}/network_events/${row.id}`,
    '@type': 'NetworkEvent',
    ulid: row.id,
    purifier: iri('purifiers', row.purifierId),
    date: (row.occurredAt ?? row.receivedAt).toISOString(),
    received_at: row.receivedAt.toISOString(),
    occurred_at: row.occurredAt?.toISOString() ?? null,
    mode: row.mode,
    alert_type: row.alertType as NetworkAlertType,
    alert_name: typeof raw.alertType === 'string' ? raw.alertType.slice(0, 200) : null,
    alert_id: row.alertId,
    error: row.error,
    applied: row.desiredVersion !== null,
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
