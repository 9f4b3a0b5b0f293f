import { describe, expect, it, vi } from 'vitest';
import { TOO_MANY_REQUESTS, TokenBucket, limitEvents } from './event-limit.ts';

const LIMIT = { perSecond: 2, burst: 3 };

/** Lets a disconnection the limiter scheduled happen. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A clock the test moves by hand. */
function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenBucket', () => {
  it('gives the burst at once, then refills at the rate, never above the burst', () => {
    const c = clock();
    const bucket = new TokenBucket(LIMIT, c.now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    c.advance(499);
    expect(bucket.take()).toBe(false);
    c.advance(1);
    expect(bucket.take()).toBe(true);
    c.advance(60_000);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('limitEvents', () => {
  function setup() {
    const c = clock();
    const socket = { disconnect: vi.fn() };
    const middleware = limitEvents(socket, LIMIT, c.now);
    /** Sends one event with an ack; answers whether it went on, and what the ack got. */
    const send = () => {
      const next = vi.fn();
      const ack = vi.fn();
      middleware(['subscribe', { sensor: 'x' }, ack], next);
      return { passed: next.mock.calls.length === 1, ack: ack.mock.calls[0]?.[0] as unknown };
    };
    return { c, socket, middleware, send };
  }

  it('lets the burst through and answers too_many_requests to the ack of the next event', async () => {
    const { send, socket } = setup();
    for (let i = 0; i < LIMIT.burst; i += 1)
      expect(send()).toEqual({ passed: true, ack: undefined });
    expect(send()).toEqual({ passed: false, ack: TOO_MANY_REQUESTS });
    await settled();
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it('drops an event over the limit that asks for no ack', () => {
    const { middleware } = setup();
    const next = vi.fn();
    for (let i = 0; i < LIMIT.burst + 1; i += 1) middleware(['unsubscribe', {}], next);
    expect(next).toHaveBeenCalledTimes(LIMIT.burst);
  });

  it('disconnects a socket that keeps sending past its limit, once', async () => {
    const { send, socket } = setup();
    for (let i = 0; i < LIMIT.burst * 2; i += 1) send();
    await settled();
    expect(socket.disconnect).not.toHaveBeenCalled();
    send();
    send();
    await settled();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.disconnect).toHaveBeenCalledWith(true);
  });

  it('never refuses a socket that keeps to the rate', async () => {
    const { send, socket, c } = setup();
    for (let i = 0; i < 100; i += 1) {
      expect(send().passed).toBe(true);
      c.advance(1000 / LIMIT.perSecond);
    }
    await settled();
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it('forgives an occasional overshoot: refusals refill too', async () => {
    const { send, socket, c } = setup();
    for (let round = 0; round < 20; round += 1) {
      // One event more than the tokens refilled each second.
      for (let i = 0; i < LIMIT.perSecond + 1; i += 1) send();
      c.advance(1000);
    }
    await settled();
    expect(socket.disconnect).not.toHaveBeenCalled();
  });
});
