import {
  DEFAULT_PURIFIER_MODE,
  type DesiredBase,
  type DesiredSource,
  type DesiredState,
  type PurifierMode,
} from '@aircloud/shared/purifiers';

/**
 * A purifier's desired state (the shadow's half the server decides): how it starts, how a
 * user, a schedule slot, an integration or the alert rules change it. Pure functions: every
 * path that changes a purifier goes through them.
 */

/** The desired state of a new purifier: auto, TRH 5, no schedule. */
export function initialDesired(now: Date): DesiredState {
  return {
    mode: DEFAULT_PURIFIER_MODE,
    trh: 5,
    silent_trh: 5,
    schedule: null,
    version: 1,
    updated_at: now.toISOString(),
    source: 'user',
  };
}

/** The desired state after a change by `source` (version + 1). */
export function nextDesired(
  current: DesiredState,
  changes: Partial<DesiredState>,
  now: Date,
  source: DesiredSource = 'user',
): DesiredState {
  return {
    ...current,
    ...changes,
    version: current.version + 1,
    updated_at: now.toISOString(),
    source,
  };
}

/**
 * The change of desired state when `source` asks for `mode`. While alert rules hold the purifier
 * (`base` set), the schedule and integrations only change the base, restored when no rule holds
 * any more; a user's own choice applies at once and ends the hold until a rule triggers again.
 */
export function modeChange(
  desired: DesiredState,
  mode: PurifierMode,
  source: DesiredSource,
  now: Date,
): Partial<DesiredState> {
  if (!desired.base) return mode === desired.mode ? {} : { mode };
  if (source === 'user') return mode === desired.mode ? {} : { mode, base: null };
  if (mode === desired.base.mode) return {};
  return { base: { mode, source, updated_at: now.toISOString() } };
}

/**
 * The desired state once alert rules ask for `ruleMode` (the strongest triggered mode of the
 * rules acting on the purifier, null when none holds), or null when nothing changes: the first
 * hold keeps the current mode as the base; when no rule holds, the base is restored.
 */
export function ruleDesired(
  current: DesiredState,
  ruleMode: PurifierMode | null,
  now: Date,
): DesiredState | null {
  if (ruleMode === null) {
    if (!current.base) return null;
    const { mode, source } = current.base;
    return nextDesired(current, { mode, base: null }, now, source);
  }
  if (current.base) {
    return current.mode === ruleMode ? null : nextDesired(current, { mode: ruleMode }, now, 'rule');
  }
  const base = { mode: current.mode, source: current.source, updated_at: current.updated_at };
  return nextDesired(current, { mode: ruleMode, base }, now, 'rule');
}

/** A slot of a weekly schedule that began at `at` (its mode applies from then). */
export interface ScheduleSlot {
  at: Date;
  mode: PurifierMode;
}

/**
 * The desired state once a schedule slot applies (version + 1, source `schedule`), or null when
 * a change made after the slot began holds: a manual mode outlives the slot until the next one.
 * While alert rules hold the purifier (`base` set), the slot changes only the base (what is
 * restored when no rule holds any more), and "made after the slot began" is asked of the base.
 */
export function scheduleSlotDesired(
  current: DesiredState,
  slot: ScheduleSlot,
  now: Date,
): DesiredState | null {
  const changedAt = current.base?.updated_at ?? current.updated_at;
  if (changedAt && Date.parse(changedAt) > slot.at.getTime()) return null;
  if (current.base) {
    const base = { mode: slot.mode, source: 'schedule' as const, updated_at: now.toISOString() };
    return nextDesired(current, { base }, now, current.source);
  }
  return nextDesired(current, { mode: slot.mode }, now, 'schedule');
}

/** The desired state after a user's change (version + 1). */
export function userDesired(
  current: DesiredState,
  changes: Partial<DesiredState>,
  now: Date,
): DesiredState {
  return nextDesired(current, changes, now, 'user');
}

/** What was in force before a network (Meraki) alert started: the base while a rule holds. */
export function modeInForce(current: DesiredState): DesiredBase {
  const { mode, source, updated_at } = current.base ?? current;
  return { mode, source, updated_at };
}

/**
 * The desired state when a network (Meraki) alert starts (mode auto, source `network`), or null
 * when nothing changes: the same path as any integration's change (modeChange), so while a rule
 * holds the purifier only the base changes.
 */
export function networkStartDesired(current: DesiredState, now: Date): DesiredState | null {
  const changes = modeChange(current, 'auto', 'network', now);
  if (Object.keys(changes).length === 0) return null;
  const held = current.base && changes.mode === undefined;
  return nextDesired(current, changes, now, held ? current.source : 'network');
}

/**
 * The desired state when the last open network alert ends: the mode in force before its start
 * (`prior`, with its own source) comes back, as if the alert had not happened; or null when
 * something else set the mode since (a person, a schedule slot: its choice stands). While a rule
 * holds the purifier, only the base goes back, restored in its turn when the rule stops.
 */
export function networkEndDesired(
  current: DesiredState,
  prior: DesiredBase,
  now: Date,
): DesiredState | null {
  const inForce = modeInForce(current);
  if (inForce.source !== 'network') return null;
  if (current.base) {
    if (current.base.mode === prior.mode && current.base.source === prior.source) return null;
    return nextDesired(current, { base: { ...prior } }, now, current.source);
  }
  return nextDesired(current, { mode: prior.mode }, now, prior.source);
}
