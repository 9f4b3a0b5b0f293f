import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  firmwareRolloutDevices,
  firmwareRollouts,
  firmwares,
  purifiers,
} from '@aircloud/core/db/schema';
import { applyFirmwareReport, startRollout } from '@aircloud/core/firmware/rollouts';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { memoryLogger } from '../../test/harness.ts';
import { insertPurifier, useOwnerDatabase } from '../../test/fixtures.ts';
import { createAdvanceRolloutsTask } from './AdvanceRolloutsTask.ts';

const t = useOwnerDatabase();

const desired = (): DesiredState => ({
  mode: 'auto',
  trh: 5,
  silent_trh: 5,
  schedule: null,
  version: 1,
  updated_at: '2026-11-27T08:00:00.000Z',
  source: 'user',
});

/** A fake emitter that records the commands that would reach devices. */
function recordingIo() {
  const commands: { room: string; desired: DesiredState }[] = [];
  const target = (room: string) => ({
    emit: (event: string, payload: { desired: DesiredState }) => {
      if (event === 'command') commands.push({ room, desired: payload.desired });
    },
  });
  const io = { to: target, of: () => ({ to: target }) } as unknown as RealtimeServer;
  return { io, commands };
}

describe('AdvanceRollouts task', () => {
  it('sends the next wave after the canary, times out the silent, tells the devices', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await insertPurifier(t.database, {
          model: 'HEPA_COCOON',
          userId: t.ownerId,
          desired: desired(),
        }),
      );
    await t.database.db
      .update(purifiers)
      .set({ reported: sql`jsonb_build_object('soft_version', '1.0.0', 'reported_at', now())` })
      .where(inArray(purifiers.id, ids));

    await t.database.db.insert(firmwares).values({
      id: 'FIRMWARE-1',
      name: 'Purifier',
      version: '1.1.0',
      models: ['HEPA_COCOON'],
      originalFileName: 'fw.bin',
      storedFileName: 'stored.bin',
      size: 1024,
      sha256: 'a'.repeat(64),
      contentType: 'application/octet-stream',
    });
    let now = new Date('2026-11-27T08:00:00.000Z');
    const { rollout } = await t.database.db.transaction((tx) =>
      startRollout(
        tx,
        {
          firmware: {
            id: 'FIRMWARE-1',
            name: 'Purifier',
            version: '1.1.0',
            models: ['HEPA_COCOON'],
            sha256: 'a'.repeat(64),
            size: 1024,
            url: 'http://aircloud.test/firmware/X/fw.bin',
          },
          model: 'HEPA_COCOON',
          actor: { id: t.ownerId, email: 'a@example.com', firstname: 'Ada', lastname: 'L' },
          canary_percent: 1,
          success_threshold: 100,
          max_failure_rate: 100,
          timeout_minutes: 1,
          wave_size: 1,
        },
        now,
      ),
    );
    const line = await t.database.db
      .select()
      .from(firmwareRolloutDevices)
      .where(eq(firmwareRolloutDevices.rolloutId, rollout.id))
      .orderBy(firmwareRolloutDevices.position);
    expect(line.map((d) => [d.stage, d.status])).toEqual([
      ['canary', 'in_progress'],
      ['rest', 'pending'],
      ['rest', 'pending'],
    ]);

    // The canary's purifier reports the new version.
    await t.database.db.transaction((tx) =>
      applyFirmwareReport(tx, line[0]!.purifierId, { soft_version: '1.1.0' }, now),
    );
    const { io, commands } = recordingIo();
    const { logger } = memoryLogger();
    const task = createAdvanceRolloutsTask({
      db: t.database.db,
      logger,
      io,
      clock: { now: () => now },
    });
    expect(await task()).toEqual({ timedOut: 0, commands: 1 });
    expect(commands).toHaveLength(1);
    expect(commands[0]!.room).toBe(`device:${line[1]!.purifierId}`);
    expect(commands[0]!.desired.firmware).toMatchObject({ version: '1.1.0', rollout: rollout.id });

    // A minute and a half of silence: it times out (its firmware withdrawn), the next goes.
    now = new Date(now.getTime() + 90_000);
    commands.length = 0;
    expect(await task()).toEqual({ timedOut: 1, commands: 2 });
    expect(commands.map((c) => [c.room, c.desired.firmware?.version ?? null])).toEqual([
      [`device:${line[1]!.purifierId}`, null],
      [`device:${line[2]!.purifierId}`, '1.1.0'],
    ]);
    const [state] = await t.database.db
      .select()
      .from(firmwareRollouts)
      .where(eq(firmwareRollouts.id, rollout.id));
    expect(state).toMatchObject({ status: 'rolling', stage: 'rest' });

    // Nothing to do until the next deadline: a run changes nothing.
    commands.length = 0;
    expect(await task()).toEqual({ timedOut: 0, commands: 0 });
  });
});
