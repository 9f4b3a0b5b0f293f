import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** The part of socket.io-client's socket this module drives, recording connect/disconnect. */
class ClientStandIn {
  connected = true;
  /** socket.io-client's `active`: false once the server's middleware refused the connection. */
  active = true;
  connects = 0;
  disconnects = 0;
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  connect(): this {
    this.connects += 1;
    this.connected = true;
    this.active = true;
    return this;
  }
  disconnect(): this {
    this.disconnects += 1;
    this.connected = false;
    return this;
  }
  /** Plays a server event (`connect`, `connect_error`…). */
  emitLocal(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The server's middleware refuses the handshake with `message`. */
  refuse(message: string): void {
    this.connected = false;
    this.active = false;
    this.emitLocal('connect_error', new Error(message));
  }
  /** The server ends the connection, for `reason`. */
  serverDisconnect(reason: string): void {
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) listener(reason);
  }
}

const opened: ClientStandIn[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new ClientStandIn();
    opened.push(socket);
    return socket;
  },
}));

const {
  closeRealtime,
  openRealtime,
  realtime,
  reconnectRealtime,
  retryRealtime,
  SERVER_DISCONNECT_RECONNECT_MS,
} = await import('./socket.ts');

async function open(): Promise<ClientStandIn> {
  await openRealtime();
  return opened.at(-1)!;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

describe('realtime socket', () => {
  it('reconnects a socket the server disconnected (its session was renewed), after a pause', async () => {
    const socket = await open();
    socket.serverDisconnect('io server disconnect');
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(SERVER_DISCONNECT_RECONNECT_MS);
    expect(socket.connects).toBe(1);
    expect(socket.connected).toBe(true);
  });

  it('does not reconnect once signed out meanwhile (session:revoked closed the socket)', async () => {
    const socket = await open();
    socket.serverDisconnect('io server disconnect');
    closeRealtime();
    vi.advanceTimersByTime(SERVER_DISCONNECT_RECONNECT_MS * 2);
    expect(socket.connects).toBe(0);
  });

  it('leaves a lost transport to socket.io-client, which reconnects by itself', async () => {
    const socket = await open();
    socket.serverDisconnect('transport close');
    vi.advanceTimersByTime(SERVER_DISCONNECT_RECONNECT_MS * 2);
    expect(socket.connects).toBe(0);
  });

  it('reconnectRealtime opens a new connection at once (new cookie) and only once', async () => {
    const socket = await open();
    socket.serverDisconnect('io server disconnect');
    reconnectRealtime();
    expect(socket.disconnects).toBe(1);
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(SERVER_DISCONNECT_RECONNECT_MS * 2);
    expect(socket.connects).toBe(1);
  });

  it('reconnectRealtime does nothing while signed out', async () => {
    const socket = await open();
    closeRealtime();
    reconnectRealtime();
    expect(socket.connects).toBe(0);
  });

  it('asks once for a renewed session when the server refuses the cookie, then retries', async () => {
    const socket = await open();
    let asked = 0;
    const subscription = realtime.connectRefused$.subscribe(() => (asked += 1));
    socket.refuse('unauthorized');
    socket.refuse('unauthorized');
    expect(asked).toBe(1);
    retryRealtime();
    expect(socket.connects).toBe(1);
    // Connected again: a later refusal is reported again.
    socket.emitLocal('connect');
    socket.refuse('unauthorized');
    expect(asked).toBe(2);
    // Other refusals (another site) are not a session to renew.
    socket.emitLocal('connect');
    socket.refuse('csrf_origin');
    expect(asked).toBe(2);
    subscription.unsubscribe();
  });
});
