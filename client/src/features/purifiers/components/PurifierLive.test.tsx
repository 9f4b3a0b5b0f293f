import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Purifier } from '@aircloud/shared/purifiers';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { fakePurifierSocket, type FakeSocket } from '../../../test/fakeSocket.ts';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { hydra, makePurifier, PURIFIER_ULID, liveOf } from '../../../test/purifierFixtures.ts';

/** A connected fake socket whose subscriptions answer with `current()`. */
function connectFakeSocket(current: () => Purifier): FakeSocket {
  const socket = fakePurifierSocket((ulid) => (ulid === PURIFIER_ULID ? current() : null));
  setRealtimeSocket(socket.asSocket());
  return socket;
}

afterEach(() => {
  setRealtimeSocket(null);
});

const pendingBoost = makePurifier({
  mode: 'boost',
  reported_mode: 'auto',
  pending: true,
  wifi_state: 'connected',
});
const appliedBoost = makePurifier({
  mode: 'boost',
  reported_mode: 'boost',
  pending: false,
  wifi_state: 'connected',
});

describe('purifier detail, live', () => {
  it('applies purifier:updated: the reported mode catches up without a reload', async () => {
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(pendingBoost)));
    const socket = connectFakeSocket(() => pendingBoost);
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    expect(await screen.findByText('boost requested, device still in auto')).toBeInTheDocument();
    expect(screen.getByText('Live')).toHaveClass('live-indicator--on');
    await waitFor(() => expect(socket.emits('subscribe')).toEqual([{ purifier: PURIFIER_ULID }]));

    act(() => socket.serverEmit('purifier:updated', liveOf(appliedBoost)));
    await waitFor(() =>
      expect(screen.queryByText('boost requested, device still in auto')).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText('boost mode').length).toBeGreaterThan(0);
  });

  it('shows Reconnecting… while the socket is down, and takes the catch-up snapshot', async () => {
    let current = pendingBoost;
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(pendingBoost)));
    const socket = connectFakeSocket(() => current);
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    await screen.findByText('boost requested, device still in auto');

    act(() => socket.serverEmit('disconnect'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    // The device applied boost while the browser was away: the new snapshot says so.
    current = appliedBoost;
    act(() => socket.serverEmit('connect'));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('boost requested, device still in auto')).not.toBeInTheDocument(),
    );
    expect(socket.emits('subscribe')).toHaveLength(2);
  });
});

describe('purifier list, live', () => {
  it('shows the network state pushed for a purifier of the page', async () => {
    server.use(http.get('/api/purifiers', () => HttpResponse.json(hydra([appliedBoost]))));
    const socket = connectFakeSocket(() => appliedBoost);
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('Wi-Fi connected')).toBeInTheDocument();
    await waitFor(() => expect(socket.emits('subscribe')).toHaveLength(1));

    act(() =>
      socket.serverEmit('purifier:updated', {
        ...liveOf(appliedBoost),
        wifi_state: 'disconnected',
        mode: 'silence',
        pending: true,
      }),
    );
    expect(await screen.findByText('Wi-Fi disconnected')).toBeInTheDocument();
    expect(screen.getByText('silence requested, device still in boost')).toBeInTheDocument();
  });
});
