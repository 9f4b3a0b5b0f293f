import {
  PRODUCT_KEY_MANUAL_TRANSITIONS,
  serialNumber,
  type ExportProductKeysInput,
  type GenerateProductKeysInput,
  type ProductKey,
  type ProductKeyBatch,
  type ProductKeyState,
} from '@aircloud/shared/product-keys';
import { ulid } from '@aircloud/core/lib/ulid';
import { changeOf, recordAudit, type AuditActor } from '@aircloud/core/audit/record';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { forgetDeviceEverywhere, sealKeyOf } from '@aircloud/core/devices/credentials';
import { announceEndedOwnership } from '../access/announce.ts';
import { endOwnership, type EndedOwnership } from '@aircloud/core/access/ownership';
import { findPurifier } from '@aircloud/core/purifiers/repository';
import { randomProductKey } from '@aircloud/core/product-keys/key-code';
import { isUniqueViolation, pgErrorOf } from '@aircloud/core/db/pg-error';
import { productKeyPresenter, productKeysCsv } from './presenter.ts';
import {
  findProductKey,
  firstTakenSerial,
  insertGeneratedKeys,
  lockKeysForExport,
  lockProductKey,
  markExported,
  replaceKey,
  transitionProductKey,
  type Executor,
  type ProductKeyRow,
} from '@aircloud/core/product-keys/repository';

/** Attempts when a new random key collides with an existing one (80 random bits: never, really). */
const KEY_COLLISION_ATTEMPTS = 3;

/** A batch of keys as the audit log names it: its first and last serial number. */
function serialRange(first: string, last: string): string {
  return first === last ? first : `${first} … ${last}`;
}

/**
 * Generates `count` keys of a model with serial numbers from `start_serial`, in one transaction
 * and one INSERT (with its audit entry). 409 `serial_number_already_exists` when any serial of
 * the range exists.
 */
export async function generateProductKeys(
  ctx: AppContext,
  actor: AuditActor,
  input: GenerateProductKeysInput,
): Promise<ProductKeyBatch> {
  const serials = Array.from({ length: input.count }, (_, i) =>
    serialNumber(input.model, input.start_serial + i),
  );
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.db.transaction(async (tx) => {
        if (await firstTakenSerial(tx, serials))
          throw new AppError(409, 'serial_number_already_exists');
        const rows = serials.map((serial) => ({
          id: ulid(),
          key: randomProductKey(),
          serialNumber: serial,
        }));
        await insertGeneratedKeys(tx, input.model, rows);
        await recordAudit(tx, {
          actor,
          action: 'product_key_generated',
          target: {
            type: 'product_key',
            id: null,
            label: serialRange(serials[0]!, serials.at(-1)!),
          },
          change: {
            model: { from: null, to: input.model },
            count: { from: null, to: input.count },
            first_serial_number: { from: null, to: serials[0]! },
            last_serial_number: { from: null, to: serials.at(-1)! },
          },
        });
      });
      break;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request took a serial of the range between the check and the insert.
      if (pgErrorOf(err)?.constraint !== 'product_keys_key_key')
        throw new AppError(409, 'serial_number_already_exists');
      if (attempt >= KEY_COLLISION_ATTEMPTS) throw err;
    }
  }
  return {
    '@type': 'ProductKeyBatch',
    model: input.model,
    count: input.count,
    first_serial_number: serials[0]!,
    last_serial_number: serials.at(-1)!,
  };
}

/**
 * The CSV of the selected keys (ids, or every key matching the filter, or every key), and the
 * generated ones among them marked exported in the same transaction (with its audit entry).
 */
export async function exportProductKeys(
  ctx: AppContext,
  actor: AuditActor,
  input: ExportProductKeysInput,
): Promise<string> {
  const selection = input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };
  return ctx.db.transaction(async (tx) => {
    const rows = await lockKeysForExport(tx, selection);
    const generated = rows.filter((r) => r.state === 'generated').map((r) => r.id);
    await markExported(tx, generated, new Date());
    await recordAudit(tx, {
      actor,
      action: 'product_key_exported',
      target: {
        type: 'product_key',
        id: rows.length === 1 ? rows[0]!.id : null,
        label: rows.length > 0 ? serialRange(rows[0]!.serialNumber, rows.at(-1)!.serialNumber) : '',
      },
      change: {
        count: { from: null, to: rows.length },
        marked_exported: { from: null, to: generated.length },
      },
    });
    return productKeysCsv(
      rows.map((r) => ({ ...r, state: r.state === 'generated' ? 'exported' : r.state })),
    );
  });
}

/** The key after a change, or 404 when it does not exist and 409 when the change was refused. */
async function afterChange(
  db: Executor,
  id: string,
  row: ProductKeyRow | undefined,
): Promise<ProductKey> {
  const found = await findProductKey(db, id);
  if (!found) throw new AppError(404, 'not_found');
  if (!row) throw new AppError(409, 'cannot_change_status');
  return productKeyPresenter(found);
}

/** GET /api/product_keys/{id}: one key (its @id dereferences); 404 when there is none. */
export async function getProductKey(ctx: AppContext, id: string): Promise<ProductKey> {
  const found = await findProductKey(ctx.db, id);
  if (!found) throw new AppError(404, 'not_found');
  return productKeyPresenter(found);
}

/** PATCH: generated/exported -> blocked, blocked -> generated; anything else 409. */
export async function changeProductKeyState(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  to: ProductKeyState,
): Promise<ProductKey> {
  const from: readonly ProductKeyState[] =
    to === 'blocked' || to === 'generated' ? PRODUCT_KEY_MANUAL_TRANSITIONS[to] : [];
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockProductKey(tx, id);
    const row =
      before && from.length > 0
        ? await transitionProductKey(tx, id, from, {
            state: to,
            // Back to generated: the key must be exported again before it can be activated.
            ...(to === 'generated' ? { exportedAt: null } : {}),
          })
        : undefined;
    const key = await afterChange(tx, id, row);
    await recordAudit(tx, {
      actor,
      action: 'product_key_state_changed',
      target: { type: 'product_key', id, label: key.serial_number },
      change: { state: { from: before!.state, to: key.state } },
    });
    return key;
  });
  // A blocked key silences its purifier's device secret (and unblocking restores it): every
  // node forgets the cached credential, the broker account follows.
  await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, changed.serial_number);
  return changed;
}

/**
 * A new random key for a key that is not activated (409 for an activated one). An exported key
 * becomes generated again: the printed key is void and the new one has to be exported. The
 * audit entry says the key changed, never what it was or is.
 */
export async function regenerateProductKey(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
): Promise<ProductKey> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const before = await lockProductKey(tx, id);
        const row = before ? await replaceKey(tx, id, randomProductKey()) : undefined;
        const key = await afterChange(tx, id, row);
        await recordAudit(tx, {
          actor,
          action: 'product_key_regenerated',
          target: { type: 'product_key', id, label: key.serial_number },
          change: changeOf(before!, row!, ['key', 'state'], ['key']),
        });
        return key;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= KEY_COLLISION_ATTEMPTS) throw err;
    }
  }
}

/**
 * Unlinks an activated key from its user: the key returns to exported and its purifier stays,
 * owned by nobody, and everything its ownership gave ends (access/ownership.ts); the next
 * activation of the key gives it to the new user.
 */
export async function unlinkProductKey(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
): Promise<ProductKey> {
  let ended: EndedOwnership | null = null;
  const key = await ctx.db.transaction(async (tx) => {
    const current = await lockProductKey(tx, id);
    const linked = current ? await findProductKey(tx, id) : undefined;
    const purifier =
      current?.state === 'activated' && current.purifierId
        ? await findPurifier(tx, current.purifierId, true)
        : undefined;
    let key: ProductKey;
    if (purifier?.userId) {
      ended = await endOwnership(tx, purifier, sealKeyOf(ctx.config));
      key = await afterChange(tx, id, current);
    } else {
      const row = await transitionProductKey(tx, id, ['activated'], {
        state: 'exported',
        userId: null,
        activatedAt: null,
      });
      key = await afterChange(tx, id, row);
    }
    await recordAudit(tx, {
      actor,
      action: 'product_key_unlinked',
      target: { type: 'product_key', id, label: key.serial_number },
      change: {
        state: { from: current!.state, to: key.state },
        user: { from: linked?.user?.email ?? null, to: key.user?.email ?? null },
      },
    });
    return key;
  });
  if (ended) await announceEndedOwnership(ctx, ended);
  return key;
}
