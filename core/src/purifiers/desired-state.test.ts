import { describe, expect, it } from 'vitest';
import type { DesiredState } from '@aircloud/shared/purifiers';
import {
  modeChange,
  modeInForce,
  networkEndDesired,
  networkStartDesired,
  ruleDesired,
  scheduleSlotDesired,
} from './desired-state.ts';

const desired = (changes: Partial<DesiredState> = {}): DesiredState => ({
  mode: 'auto',
  trh: 5,
  silent_trh: 5,
  schedule: null,
  version: 4,
  updated_at: '2026-06-08T05:00:00.000Z',
  source: 'user',
  ...changes,
});
const slot = { at: new Date('2026-06-08T06:00:00.000Z'), mode: 'boost' as const };
const now = new Date('2026-06-08T06:00:20.000Z');

describe('scheduleSlotDesired', () => {
  it('sets the mode with source schedule and version + 1', () => {
    expect(scheduleSlotDesired(desired(), slot, now)).toEqual(
      desired({
        mode: 'boost',
        version: 5,
        source: 'schedule',
        updated_at: '2026-06-08T06:00:20.000Z',
      }),
    );
  });

  it('applies even when the mode is already the slot one (the plan is followed, a new version)', () => {
    expect(scheduleSlotDesired(desired({ mode: 'boost' }), slot, now)).toMatchObject({
      mode: 'boost',
      version: 5,
      source: 'schedule',
    });
  });

  it('holds a change made after the slot began; one made at its start does not hold', () => {
    expect(
      scheduleSlotDesired(desired({ updated_at: '2026-06-08T06:00:10.000Z' }), slot, now),
    ).toBeNull();
    expect(
      scheduleSlotDesired(desired({ updated_at: '2026-06-08T06:00:00.000Z' }), slot, now),
    ).toMatchObject({ mode: 'boost', version: 5 });
  });

  it('while a rule holds, changes only the base, judged by when the base last changed', () => {
    const held = ruleDesired(desired(), 'silence', new Date('2026-06-08T06:00:05.000Z'))!;
    // The rule took over after the slot began: that is not a manual change, the slot applies.
    expect(scheduleSlotDesired(held, slot, now)).toEqual({
      ...held,
      base: { mode: 'boost', source: 'schedule', updated_at: '2026-06-08T06:00:20.000Z' },
      version: held.version + 1,
      updated_at: '2026-06-08T06:00:20.000Z',
      source: 'rule',
    });
    // An integration changed the base after the slot began: it holds.
    const changedBase = {
      ...held,
      ...modeChange(held, 'silence', 'network', new Date('2026-06-08T06:00:15.000Z')),
    };
    expect(scheduleSlotDesired(changedBase, slot, now)).toBeNull();
  });
});

describe('network (Meraki) alerts: start and end', () => {
  const later = new Date('2026-06-08T07:00:00.000Z');

  it('an end gives back the mode in force before the start, with its own source', () => {
    const before = desired({ mode: 'silence', source: 'schedule' });
    const prior = modeInForce(before);
    const started = networkStartDesired(before, now)!;
    expect(started).toMatchObject({ mode: 'auto', source: 'network', version: 5 });
    expect(networkEndDesired(started, prior, later)).toMatchObject({
      mode: 'silence',
      source: 'schedule',
      version: 6,
    });
  });

  it('a start that changes nothing (already auto) has nothing to undo', () => {
    expect(networkStartDesired(desired({ mode: 'auto' }), now)).toBeNull();
    expect(networkEndDesired(desired({ mode: 'auto' }), modeInForce(desired()), later)).toBeNull();
  });

  it('an end leaves a mode someone or a schedule slot set after the start', () => {
    const started = networkStartDesired(desired({ mode: 'off' }), now)!;
    const prior = modeInForce(desired({ mode: 'off' }));
    const byUser = { ...started, mode: 'boost' as const, source: 'user' as const };
    expect(networkEndDesired(byUser, prior, later)).toBeNull();
    const bySlot = scheduleSlotDesired(started, { at: later, mode: 'silence' }, later)!;
    expect(networkEndDesired(bySlot, prior, later)).toBeNull();
  });

  it('while a rule holds, a start and its end change only the base', () => {
    const base = {
      mode: 'silence' as const,
      source: 'user' as const,
      updated_at: '2026-06-08T04:00:00.000Z',
    };
    const held = desired({ mode: 'boost', source: 'rule', base });
    const prior = modeInForce(held);
    expect(prior).toEqual(base);
    const started = networkStartDesired(held, now)!;
    expect(started).toMatchObject({
      mode: 'boost',
      source: 'rule',
      base: { mode: 'auto', source: 'network' },
    });
    const ended = networkEndDesired(started, prior, later)!;
    expect(ended).toMatchObject({ mode: 'boost', source: 'rule', base });
    // The rule stops: what was there before both comes back.
    expect(ruleDesired(ended, null, later)).toMatchObject({ mode: 'silence', source: 'user' });
  });

  it('a rule that stops during the alert leaves the Meraki mode, which the end then gives back', () => {
    const before = desired({ mode: 'off' });
    const started = networkStartDesired(before, now)!;
    const ruled = ruleDesired(started, 'boost', now)!;
    const released = ruleDesired(ruled, null, now)!;
    expect(released).toMatchObject({ mode: 'auto', source: 'network' });
    expect(networkEndDesired(released, modeInForce(before), later)).toMatchObject({
      mode: 'off',
      source: 'user',
    });
  });
});
