import type { MachineAccess } from '@aircloud/shared/invitations';
import type {
  DesiredSource,
  DesiredState,
  PatchPurifierInput,
  Schedule,
} from '@aircloud/shared/purifiers';
import { controlsPurifier, requireMachine } from '../access/machine-access.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import type { UserRow } from '../users/repository.ts';
import { modeChange, nextDesired } from './desired-state.ts';
import { pushPurifier } from './push.ts';
import {
  findPurifier,
  updatePurifier,
  type PurifierRow,
  type PurifierValues,
} from './repository.ts';

/**
 * Who changes a purifier: a user (access checked, source `user`), or a system integration
 * acting for a user on a purifier it already identified (the Meraki webhook acts for the
 * purifier's owner, source `network`): that user must control the purifier at that moment.
 */
export type PurifierChanger =
  { user: UserRow; source: 'user' } | { user: null; source: DesiredSource; actorId: string };

/** What a change did. */
export interface PurifierChange {
  row: PurifierRow;
  /** Whether the desired state changed (a new version the device must apply). */
  desiredChanged: boolean;
  /** How the user reached it (a user's change only). */
  access?: MachineAccess;
}

function sameSchedule(a: Schedule | null, b: Schedule | null): boolean {
  const flat = (s: Schedule | null) =>
    s
      ? s.days.map((day) => day.map((slot) => `${slot.start} ${slot.mode}`).join(',')).join('|')
      : '';
  return (a === null) === (b === null) && flat(a) === flat(b);
}

/** The stored values of a PATCH's own fields (the desired state aside). */
function settingsOf(input: PatchPurifierInput): PurifierValues {
  const values: PurifierValues = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.short_name !== undefined) values.shortName = input.short_name;
  if (input.system_date !== undefined) values.systemDate = input.system_date;
  if (input.piece_volume !== undefined) values.pieceVolume = input.piece_volume;
  if (input.count_piece_connected_object !== undefined)
    values.countPieceConnectedObject = input.count_piece_connected_object;
  if (input.occupants !== undefined) values.occupants = input.occupants;
  if (input.is_public !== undefined) values.isPublic = input.is_public;
  if (input.hourly_recycling_rate !== undefined)
    values.hourlyRecyclingRate = input.hourly_recycling_rate;
  if (input.silent_hourly_recycling_rate !== undefined)
    values.silentHourlyRecyclingRate = input.silent_hourly_recycling_rate;
  return values;
}

/**
 * The one way to change a purifier's settings and desired state (PATCH and integrations): in a
 * transaction with the row locked, a real change of mode, TRH or schedule bumps the desired
 * version with the changer's source; then, committed, the browsers and the device are told.
 * 404 when the purifier does not exist or the changer may not control it (403 for a user who
 * may only view it).
 */
export async function changePurifier(
  { db, io }: { db: Database; io: RealtimeServer },
  id: string,
  input: PatchPurifierInput,
  by: PurifierChanger,
): Promise<PurifierChange> {
  let desiredChanged = false;
  let access: MachineAccess | undefined;
  const row = await db.transaction(async (tx) => {
    let current: PurifierRow | undefined;
    if (by.user) {
      const found = await requireMachine(tx, by.user, 'purifier', id, 'control', { lock: true });
      access = found.access;
      current = found.row;
    } else {
      current = await findPurifier(tx, id, true);
      if (current && !(await controlsPurifier(tx, by.actorId, id)))
        throw new AppError(404, 'not_found');
    }
    if (!current) throw new AppError(404, 'not_found');
    const values = settingsOf(input);

    const desired = current.desired;
    const now = new Date();
    const changes: Partial<DesiredState> =
      input.mode !== undefined ? modeChange(desired, input.mode, by.source, now) : {};
    if (input.hourly_recycling_rate !== undefined && input.hourly_recycling_rate !== desired.trh)
      changes.trh = input.hourly_recycling_rate;
    if (
      input.silent_hourly_recycling_rate !== undefined &&
      input.silent_hourly_recycling_rate !== desired.silent_trh
    )
      changes.silent_trh = input.silent_hourly_recycling_rate;
    if (input.schedule !== undefined && !sameSchedule(input.schedule, desired.schedule ?? null)) {
      changes.schedule = input.schedule;
      // The plan runs only while whoever set it controls the purifier.
      values.scheduleSetBy = input.schedule && by.user ? by.user.id : null;
    }
    if (Object.keys(changes).length > 0) {
      // While a rule holds the mode, a change that leaves it (TRH, the base) keeps source `rule`.
      const held = desired.base && changes.mode === undefined;
      values.desired = nextDesired(desired, changes, now, held ? desired.source : by.source);
      desiredChanged = true;
    }

    return updatePurifier(tx, id, values);
  });
  // Committed: the browsers following it and the device (a command when desired changed).
  pushPurifier(io, row, { command: true });
  return { row, desiredChanged, access };
}
