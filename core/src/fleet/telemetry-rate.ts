import { FLEET_RATE_MINUTES } from '@aircloud/shared/fleet';
import type { FleetRate } from '@aircloud/shared/fleet';
import type { RedisClient } from '../lib/redis.ts';

/**
 * Telemetry samples accepted per minute across every server process: one Redis counter per
 * minute (INCRBY per committed flush, not per sample), kept a little longer than the fleet view
 * shows. A counter is the right primitive here: the rate is a sum over processes, not a log.
 */

const KEEP_S = (FLEET_RATE_MINUTES + 5) * 60;

const minuteKey = (prefix: string, minute: number) => `${prefix}:fleet:samples:${minute}`;

/** Counts `samples` accepted at `now` (after their flush committed). */
export async function countAcceptedSamples(
  redis: RedisClient,
  prefix: string,
  samples: number,
  now: Date,
): Promise<void> {
  if (samples <= 0) return;
  const key = minuteKey(prefix, Math.floor(now.getTime() / 60_000));
  await redis.multi().incrby(key, samples).expire(key, KEEP_S).exec();
}

/** The samples accepted in each of the last FLEET_RATE_MINUTES minutes, the current one last. */
export async function acceptedPerMinute(
  redis: RedisClient,
  prefix: string,
  now: Date,
): Promise<FleetRate[]> {
  const current = Math.floor(now.getTime() / 60_000);
  const minutes = Array.from(
    { length: FLEET_RATE_MINUTES },
    (_, i) => current - FLEET_RATE_MINUTES + 1 + i,
  );
  // One key per call: a Redis Cluster cannot MGET keys of different slots.
  const values = await Promise.all(minutes.map((m) => redis.get(minuteKey(prefix, m))));
  return minutes.map((m, i) => ({
    minute: new Date(m * 60_000).toISOString(),
    samples: Number(values[i] ?? 0),
  }));
}
