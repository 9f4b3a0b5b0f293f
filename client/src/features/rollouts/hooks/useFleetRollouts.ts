import { useEffect, useRef, useState } from 'react';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import { fleetChannel$ } from '../../../lib/realtime/fleetChannel.ts';
import { useRealtimeConnected } from '../../../lib/realtime/useRealtimeConnected.ts';

/** What of a rollout moves while it runs: a change of it means its page is out of date. */
export function rolloutSignature(rollout: FirmwareRollout | undefined): string {
  if (!rollout) return 'inactive';
  const { status, stage, paused_reason, progress, canary, failure_rate, updated_at } = rollout;
  return JSON.stringify([status, stage, paused_reason, progress, canary, failure_rate, updated_at]);
}

/**
 * Follows the active rollouts the fleet channel pushes (each summary, at most every 5 s, only on
 * change): `onRollouts` gets each pushed list. Answers whether pushes flow now (the socket is
 * connected, the channel answered and was not closed), so a page can poll when they do not.
 */
export function useFleetRollouts(onRollouts: (rollouts: FirmwareRollout[]) => void): boolean {
  const connected = useRealtimeConnected();
  const [heard, setHeard] = useState(false);
  const [closed, setClosed] = useState(false);
  const latest = useRef(onRollouts);
  latest.current = onRollouts;
  useEffect(() => {
    const subscription = fleetChannel$.subscribe((message) => {
      if (message.type === 'closed') {
        setClosed(true);
        return;
      }
      setClosed(false);
      setHeard(true);
      latest.current(message.summary.rollouts);
    });
    return () => subscription.unsubscribe();
  }, []);
  return connected && heard && !closed;
}
