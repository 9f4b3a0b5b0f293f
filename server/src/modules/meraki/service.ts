import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import { z } from 'zod';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import {
  NETWORK_ALERT_TYPES,
  NETWORK_EVENT_MODES,
  type MerakiSettings,
  type NetworkEvent,
} from '@aircloud/shared/network-events';
import { isStoredUlid } from '@aircloud/shared/ids';
import type { AppContext } from '../../context.ts';
import { hydraCollection } from '@aircloud/core/jsonld';
import { AppError } from '@aircloud/core/errors';
import { keyringOf, type Keyring } from '@aircloud/core/lib/keyring';
import { emitToUser } from '@aircloud/core/realtime/emitter';
import { purifierInvitees } from '@aircloud/core/access/audience';
import {
  accessAllows,
  controlsPurifier,
  requireMachine,
} from '@aircloud/core/access/machine-access';
import { changePurifier } from '@aircloud/core/purifiers/change';
import { findPurifier, type PurifierRow } from '@aircloud/core/purifiers/repository';
import type { UserRow } from '@aircloud/core/users/repository';
import { merakiAlertType, merakiMode } from './alert-mapping.ts';
import { merakiSettingsPresenter, networkEventPresenter } from './presenter.ts';
import {
  earlierAlertType,
  ensureSecret,
  findNetworkEvent,
  findSecret,
  insertNetworkEvent,
  listNetworkEvents,
  replaceSecret,
  setEventDesiredVersion,
} from './repository.ts';

/** The keys of Meraki secrets at rest: APP_SECRET seals, it and APP_SECRET_PREVIOUS open. */
function secretKeys(ctx: AppContext): Keyring {
  return keyringOf(ctx.config, 'meraki-secret');
}

/** A new shared secret: 24 random bytes, base64url (32 characters). */
function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * GET /api/purifiers/{ulid}/meraki: the webhook URL for whoever sees the purifier; the shared
 * secret (created on first view) only for those who manage it, its owner and administrators:
 * whoever reads it can switch the purifier without an account, so a share never shows it.
 * A secret no key opens any more (APP_SECRET changed without APP_SECRET_PREVIOUS) answers 409
 * `meraki_secret_unreadable`: its owner generates a new one (rotate-secret).
 */
export async function merakiSettings(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<MerakiSettings> {
  const { row: purifier, access } = await requireMachine(ctx.db, user, 'purifier', id, 'view');
  if (!accessAllows(access, 'manage'))
    return merakiSettingsPresenter(ctx.config.publicUrl, purifier.id, null);
  const sealed = await ensureSecret(ctx.db, purifier.id, secretKeys(ctx).seal(newSecret()));
  const opened = secretKeys(ctx).open(sealed);
  if (!opened) throw new AppError(409, 'meraki_secret_unreadable');
  return merakiSettingsPresenter(ctx.config.publicUrl, purifier.id, opened.plain);
}

/**
 * POST /api/purifiers/{ulid}/meraki/rotate-secret: a new secret; the old one stops working (also
 * how an owner replaces a secret no key opens any more).
 */
export async function rotateMerakiSecret(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<MerakiSettings> {
  const { row: purifier } = await requireMachine(ctx.db, user, 'purifier', id, 'manage');
  const secret = newSecret();
  await replaceSecret(ctx.db, purifier.id, secretKeys(ctx).seal(secret));
  return merakiSettingsPresenter(ctx.config.publicUrl, purifier.id, secret);
}

export const networkEventsQuerySchema = z.object({
  page: z.coerce.number({ error: 'validation.numeric' }).int().min(1).default(1),
  mode: z.enum(NETWORK_EVENT_MODES, { error: 'validation.invalid_choice' }).optional(),
  alert_type: z.enum(NETWORK_ALERT_TYPES, { error: 'validation.invalid_choice' }).optional(),
});
export type NetworkEventsQuery = z.infer<typeof networkEventsQuerySchema>;

/** GET /api/purifiers/{ulid}/network_events: latest received first, 20 per page. */
export async function listPurifierNetworkEvents(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: NetworkEventsQuery,
): Promise<HydraCollection<NetworkEvent>> {
  const { row: purifier } = await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const { rows, total } = await listNetworkEvents(
    ctx.db,
    purifier.id,
    { mode: query.mode, alertType: query.alert_type },
    query.page,
  );
  return hydraCollection(
    `/api/purifiers/${purifier.id}/network_events`,
    'NetworkEvent',
    rows.map(networkEventPresenter),
    total,
    { page: query.page, params: { mode: query.mode, alert_type: query.alert_type } },
  );
}

/** GET /api/purifiers/{ulid}/network_events/{id}: one event (its @id dereferences). */
export async function getPurifierNetworkEvent(
  ctx: AppContext,
  user: UserRow,
  id: string,
  eventId: string,
): Promise<NetworkEvent> {
  const { row: purifier } = await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const row = await findNetworkEvent(ctx.db, purifier.id, eventId);
  if (!row) throw new AppError(404, 'not_found');
  return networkEventPresenter(row);
}

/** The fields of Cisco Meraki's webhook body this receiver needs; anything else is kept as is. */
export const merakiBodySchema = z.looseObject({
  sharedSecret: z.string().optional(),
  alertId: z.string().min(1),
  alertType: z.string().optional(),
  alertTypeId: z.string().optional(),
  alertLevel: z.string().optional(),
  occurredAt: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  alertData: z.unknown().optional(),
});

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of two secrets (SHA-256 first, so the lengths never leak). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** What the receiver answers. */
export type WebhookOutcome =
  | { status: 200; body: Record<string, unknown> }
  | {
      status: 400 | 401 | 404;
      key: 'invalid_json' | 'invalid_webhook_body' | 'unauthorized' | 'not_found';
    };

/** Logs an event, pushes it to the owner, and answers its row (undefined for a repeat). */
async function logEvent(
  ctx: AppContext,
  purifier: PurifierRow,
  values: Omit<Parameters<typeof insertNetworkEvent>[1], 'id' | 'purifierId'>,
) {
  return insertNetworkEvent(ctx.db, { id: ulid(), purifierId: purifier.id, ...values });
}

/** Pushes a new event to the owner and to the users the purifier is shared with. */
async function push(ctx: AppContext, purifier: PurifierRow, event: NetworkEvent): Promise<void> {
  if (!purifier.userId) return;
  emitToUser(ctx.io, purifier.userId, 'network-event:created', event);
  for (const userId of await purifierInvitees(ctx.db, purifier.id))
    emitToUser(ctx.io, userId, 'network-event:created', event);
}

/**
 * POST /webhooks/meraki/{ulid}. A post is logged only once it proved it knows the purifier's
 * shared secret: not JSON (no secret to read) answers 400 `invalid_json`, a wrong or missing
 * `sharedSecret` 401, both without a trace; a purifier owned by nobody, or whose owner no longer
 * controls it (account disabled), answers 404 as an unknown one. JSON with the secret but
 * without the required fields: logged (`invalid_webhook_body`) and 400. A repeated delivery
 * (same alertId and mode): 200 `duplicate: true`, nothing changes. Otherwise the event is
 * logged, its mode applied to the purifier's desired state for its owner (source `network`,
 * checked again under the row lock), pushed to the owner, and answered 200.
 */
export async function receiveMerakiWebhook(
  ctx: AppContext,
  purifierId: string,
  body: Buffer,
): Promise<WebhookOutcome> {
  const purifier = isStoredUlid(purifierId) ? await findPurifier(ctx.db, purifierId) : undefined;
  const owner = purifier?.userId ?? null;
  if (!purifier || owner === null) return { status: 404, key: 'not_found' };

  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { status: 400, key: 'invalid_json' };

  const sealed = await findSecret(ctx.db, purifier.id);
  // A secret no key opens proves nothing: refused like a wrong one.
  const expected = sealed ? (secretKeys(ctx).open(sealed)?.plain ?? null) : null;
  const { sharedSecret, ...raw } = json as Record<string, unknown>;
  if (!expected || !sameSecret(sharedSecret, expected)) return { status: 401, key: 'unauthorized' };
  // The webhook acts for the purifier's owner: only while they control it.
  if (!(await controlsPurifier(ctx.db, owner, purifier.id)))
    return { status: 404, key: 'not_found' };

  const parsed = merakiBodySchema.safeParse(json);
  if (!parsed.success) {
    const row = await logEvent(ctx, purifier, {
      error: 'invalid_webhook_body',
      alertType: merakiAlertType(raw),
      // Without NUL characters, which a jsonb column cannot hold.
      raw: JSON.parse(JSON.stringify(raw).replaceAll('\\u0000', '\\ufffd')) as unknown,
    });
    if (row) await push(ctx, purifier, networkEventPresenter(row));
    return { status: 400, key: 'invalid_webhook_body' };
  }

  const alert = parsed.data;
  let alertType = merakiAlertType(alert);
  // A clear may not repeat the metric: take the one its alert was logged with.
  if (alertType === 'unknown')
    alertType = (await earlierAlertType(ctx.db, purifier.id, alert.alertId)) ?? 'unknown';
  const mode = merakiMode(alert, alertType);
  let row = await logEvent(ctx, purifier, {
    occurredAt: new Date(alert.occurredAt),
    alertId: alert.alertId,
    alertType,
    mode,
    raw,
  });
  if (!row) return { status: 200, body: { '@type': 'NetworkEventReceipt', duplicate: true } };

  if (mode !== 'unknown') {
    const { row: updated, desiredChanged } = await changePurifier(
      ctx,
      purifier.id,
      { mode: mode === 'silent' ? 'silence' : 'auto' },
      { user: null, source: 'network', actorId: owner },
    );
    if (desiredChanged) row = await setEventDesiredVersion(ctx.db, row.id, updated.desired.version);
  }
  const event = networkEventPresenter(row);
  await push(ctx, purifier, event);
  return {
    status: 200,
    body: {
      '@type': 'NetworkEventReceipt',
      duplicate: false,
      ulid: event.ulid,
      mode: event.mode,
      alert_type: event.alert_type,
      applied: event.applied,
    },
  };
}
