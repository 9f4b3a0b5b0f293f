import { describe, expect, it } from 'vitest';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { modeChange, ruleDesired, scheduleSlotDesired } from './desired-state.ts';

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
