/**
 * Per-socket limits on the events a client sends (docs/security.md, "Sockets"): one socket
 * flooding `subscribe` (each one a few queries) would slow every request of every user.
 */

/** How many events a socket may send: a sustained rate and a burst. */
export interface EventLimit {
  /** Events per second, refilled continuously. */
  perSecond: number;
  /** Events a socket may send at once (the size of its bucket). */
  burst: number;
}

/** Browser sockets (default namespace): a page subscribes to its list at once (20 a page). */
export const BROWSER_EVENT_LIMIT: EventLimit = { perSecond: 20, burst: 100 };
/** Anonymous sockets (`/public`): a public graph follows one sensor. */
export const PUBLIC_EVENT_LIMIT: EventLimit = { perSecond: 2, burst: 5 };
/** Device sockets (`/device`): a purifier acknowledges the commands it receives. */
export const DEVICE_EVENT_LIMIT: EventLimit = { perSecond: 5, burst: 20 };

/** What the ack of an event over the limit receives. */
export const TOO_MANY_REQUESTS = { ok: false, error: 'too_many_requests' } as const;

/** A token bucket: `burst` tokens, refilled at `perSecond`; `take` spends one when there is one. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    private readonly limit: EventLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = limit.burst;
    this.#at = now();
  }

  /** Spends a token; false (nothing spent) when the bucket is empty. */
  take(): boolean {
    const now = this.now();
    const refill = ((now - this.#at) / 1000) * this.limit.perSecond;
    this.#tokens = Math.min(this.limit.burst, this.#tokens + refill);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** The part of a server-side socket the limiter uses. */
interface LimitedSocket {
  disconnect(close?: boolean): unknown;
}

/**
 * The event middleware of one socket: `socket.use(limitEvents(socket, limit))` on connection.
 * An event over the limit is not handled: its ack (when it asks for one) receives
 * TOO_MANY_REQUESTS, otherwise it is dropped. Refusals have a bucket of the same size: a socket
 * that keeps sending past its limit (more than `burst` refusals beyond the refill) is
 * disconnected, its connection closed, once the events it was allowed are handled.
 */
export function limitEvents(
  socket: LimitedSocket,
  limit: EventLimit,
  now: () => number = Date.now,
): (packet: unknown[], next: (err?: Error) => void) => void {
  const events = new TokenBucket(limit, now);
  const refusals = new TokenBucket(limit, now);
  let cut = false;
  return (packet, next) => {
    if (events.take()) return next();
    const ack = packet[packet.length - 1];
    if (typeof ack === 'function')
      (ack as (res: typeof TOO_MANY_REQUESTS) => void)(TOO_MANY_REQUESTS);
    if (!cut && !refusals.take()) {
      cut = true;
      // Once the events let through before are handled (Socket.IO runs them on the next tick).
      setImmediate(() => socket.disconnect(true));
    }
  };
}
