import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from '@aircloud/core/lib/ulid';
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
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { findPurifier, type PurifierRow } from '@aircloud/core/purifiers/repository';
import type { UserRow } from '@aircloud/core/users/repository';
import { airAlertType } from './alert-mapping.ts';
import { handleAlert, merakiBodySchema } from './alert-lifecycle.ts';
import { merakiSettingsPresenter, networkEventPresenter } from './presenter.ts';
import {
  ensureSecret,
  findNetworkEvent,
  findSecret,
  insertNetworkEvent,
  listNetworkEvents,
  replaceSecret,
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
    rows.map(({ event, end }) => networkEventPresenter(event, end)),
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
  const found = await findNetworkEvent(ctx.db, purifier.id, eventId);
  if (!found) throw new AppError(404, 'not_found');
  return networkEventPresenter(found.event, found.end);
}

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

/** Pushes a new event to the owner and to the users the purifier is shared with. */
async function push(ctx: AppContext, purifier: PurifierRow, event: NetworkEvent): Promise<void> {
  if (!purifier.userId) return;
  emitToUser(ctx.io, purifier.userId, 'network-event:created', event);
  for (const userId of await purifierInvitees(ctx.db, purifier.id))
    emitToUser(ctx.io, userId, 'network-event:created', event);
}

/** SHA-256 of a refused body without `sentAt` (which a retry changes): one log per body. */
function refusedBodyDigest(raw: Record<string, unknown>): string {
  const { sentAt: _sentAt, ...rest } = raw;
  return createHash('sha256').update(JSON.stringify(rest), 'utf8').digest('hex');
}

/**
 * POST /webhooks/meraki/{ulid}. A post is logged only once it proved it knows the purifier's
 * shared secret: not JSON (no secret to read) answers 400 `invalid_json`, a wrong or missing
 * `sharedSecret` 401, both without a trace; a purifier owned by nobody, or whose owner no longer
 * controls it (account disabled), answers 404 as an unknown one. JSON with the secret but
 * without the required fields: logged once (`invalid_webhook_body`; Meraki's retries of the same
 * body are not logged again) and 400. A repeated delivery (same alertId and mode): 200
 * `duplicate: true`, nothing changes. Otherwise the event is logged and applied (handleAlert),
 * then the purifier and the event are pushed, and 200 answered.
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
  if (!(await controlsPurifier(ctx.db, owner, purifier.id)))
    return { status: 404, key: 'not_found' };

  const parsed = merakiBodySchema.safeParse(json);
  if (!parsed.success) {
    // Without NUL characters, which a jsonb column cannot hold.
    const clean = JSON.parse(JSON.stringify(raw).replaceAll('\\u0000', '\\ufffd')) as Record<
      string,
      unknown
    >;
    const row = await insertNetworkEvent(ctx.db, {
      id: ulid(),
      purifierId: purifier.id,
      error: 'invalid_webhook_body',
      alertType: airAlertType(raw),
      raw: clean,
      bodySha256: refusedBodyDigest(clean),
    });
    if (row) await push(ctx, purifier, networkEventPresenter(row));
    return { status: 400, key: 'invalid_webhook_body' };
  }

  const handled = await handleAlert(ctx, purifier.id, owner, parsed.data, raw);
  if (handled.kind === 'gone') return { status: 404, key: 'not_found' };
  if (handled.kind === 'duplicate')
    return { status: 200, body: { '@type': 'NetworkEventReceipt', duplicate: true } };
  // Committed: the device and the browsers following the purifier, then the event's audience.
  if (handled.purifier) pushPurifier(ctx.io, handled.purifier, { command: true });
  const event = networkEventPresenter(handled.event);
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
      start: event.start,
    },
  };
}
