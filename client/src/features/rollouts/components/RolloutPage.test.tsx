import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import type { FleetSummary } from '@aircloud/shared/fleet';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { hydra } from '../../../test/purifierFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import {
  makeRollout,
  makeRolloutDevice,
  progressOf,
  PURIFIER_IN_ROLLOUT,
  ROLLOUT_ULID,
} from '../../../test/rolloutFixtures.ts';
import { server } from '../../../test/server.ts';

const PAGE = `/fleet/rollouts/${ROLLOUT_ULID}`;
const ADMIN = signedIn(makeMe({ role: 'ROLE_ADMIN' }));

/**
 * Serves one rollout and its purifiers; pause, resume and abort answer `answer(action)` (by
 * default the rollout in its new status). Counts the reads and records the actions.
 */
function serveRollout(
  initial: Partial<FirmwareRollout> = {},
  answer?: (action: string) => Response | undefined,
) {
  let rollout = makeRollout(initial);
  const calls = { reads: 0, deviceReads: 0, actions: [] as string[] };
  const next = { pause: 'paused', resume: 'canary', abort: 'aborted' } as const;
  server.use(
    http.get(`/api/firmware_rollouts/${ROLLOUT_ULID}`, () => {
      calls.reads += 1;
      return HttpResponse.json(rollout);
    }),
    http.get(`/api/firmware_rollouts/${ROLLOUT_ULID}/purifiers`, () => {
      calls.deviceReads += 1;
      return HttpResponse.json(
        hydra([
          makeRolloutDevice(),
          makeRolloutDevice({
            purifier: { ulid: '01JP0000000000000000000002', name: 'Hall', serial_number: 'S-2' },
            status: 'failed',
            phase: null,
            reason: 'hash_mismatch',
            finished_at: '2026-11-27T08:05:00Z',
          }),
        ]),
      );
    }),
    http.post(`/api/firmware_rollouts/${ROLLOUT_ULID}/:action`, ({ params }) => {
      const action = params.action as keyof typeof next;
      calls.actions.push(action);
      const custom = answer?.(action);
      if (custom) return custom;
      rollout = {
        ...rollout,
        status: next[action],
        paused_reason: action === 'pause' ? 'manual' : null,
      };
      return HttpResponse.json(rollout);
    }),
  );
  return calls;
}

afterEach(() => setRealtimeSocket(null));

describe('rollout page', () => {
  it('shows the rollout: stages, rates against their limits, counts and its purifiers', async () => {
    serveRollout();
    renderApp(PAGE, ADMIN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cocoon spring release · 2.5.0' }),
    ).toBeInTheDocument();
    expect(screen.getByText('HEPA Cocoon')).toBeInTheDocument();
    expect(screen.getByText('Canary', { selector: '.pill' })).toBeInTheDocument();

    const stages = screen.getByRole('region', { name: 'Stages' });
    expect(within(stages).getByText('Canary: 10 % of the purifiers (10)')).toBeInTheDocument();
    expect(within(stages).getByText('Then the rest, 50 at a time')).toBeInTheDocument();
    expect(within(stages).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(
      within(stages).getByText('83 % succeeded (5 of 6 done), threshold 90 %'),
    ).toBeInTheDocument();
    expect(within(stages).getByText('10 %, maximum 20 %')).toBeInTheDocument();

    const progress = screen.getByRole('progressbar', { name: 'Progress of the rollout' });
    expect(progress).toHaveAttribute('aria-valuenow', '6');
    const counts = within(screen.getByRole('region', { name: 'Progress' }));
    expect(counts.getByText('Succeeded')).toHaveTextContent('Succeeded 5');
    expect(counts.getByText('Timed out')).toHaveTextContent('Timed out 0');
    expect(counts.getByText('Cancelled')).toHaveTextContent('Cancelled 0');
    expect(counts.getByText('Pending')).toHaveTextContent('Pending 90');

    const purifiers = screen.getByRole('region', { name: 'Purifiers' });
    const kitchen = await within(purifiers).findByRole('row', { name: /Kitchen/ });
    expect(within(kitchen).getByRole('link', { name: 'Kitchen' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_IN_ROLLOUT}`,
    );
    expect(within(kitchen).getByText('Downloading')).toBeInTheDocument();
    expect(within(kitchen).getByText('2.4.1')).toBeInTheDocument();
    const hall = within(purifiers).getByRole('row', { name: /Hall/ });
    expect(within(hall).getByText('Failed')).toBeInTheDocument();
    expect(within(hall).getByText('hash_mismatch')).toBeInTheDocument();
  });

  it('names the purifiers without a link for a technician, who may not open them', async () => {
    serveRollout();
    renderApp(PAGE, signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    const purifiers = await screen.findByRole('region', { name: 'Purifiers' });
    const kitchen = await within(purifiers).findByRole('row', { name: /Kitchen/ });
    expect(within(kitchen).getByText('Kitchen')).toBeInTheDocument();
    expect(within(kitchen).queryByRole('link')).not.toBeInTheDocument();
  });

  it('explains why a rollout paused by itself, and offers resume and abort', async () => {
    serveRollout({
      status: 'paused',
      paused_reason: 'failure_rate',
      failure_rate: 25,
      stage: 'rest',
    });
    renderApp(PAGE, ADMIN);
    expect(
      await screen.findByText(
        'Paused by itself: 25 % of the purifiers sent failed or timed out, over the maximum of 20 %.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('over the maximum')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Rollout actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resume', 'Abort']);
  });

  it('pauses a rollout that sends, then resumes it', async () => {
    const calls = serveRollout();
    const user = userEvent.setup();
    renderApp(PAGE, ADMIN);
    const actions = await screen.findByRole('group', { name: 'Rollout actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Abort']);
    await user.click(within(actions).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The rollout is paused.')).toBeInTheDocument();
    expect(
      screen.getByText('Paused by a person. Resume it to send the firmware to the next purifiers.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(calls.actions).toEqual(['pause', 'resume']);
  });

  it('aborts only once the confirmation is given', async () => {
    const calls = serveRollout();
    const user = userEvent.setup();
    renderApp(PAGE, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Abort' }));
    let confirm = await screen.findByRole('alertdialog', { name: /Abort this rollout\?/ });
    expect(confirm).toHaveTextContent('Purifiers not updated yet will not get 2.5.0');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.actions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Abort' }));
    confirm = await screen.findByRole('alertdialog', { name: /Abort this rollout\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Abort the rollout' }));
    expect(await screen.findByText('The rollout is aborted.')).toBeInTheDocument();
    expect(calls.actions).toEqual(['abort']);
    expect(screen.getByText('Aborted', { selector: '.pill' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rollout actions' })).not.toBeInTheDocument();
  });

  it('says so when the rollout cannot do that any more (409) and reads it again', async () => {
    const calls = serveRollout({}, () =>
      HttpResponse.json(hydraError(409, 'rollout_state'), { status: 409 }),
    );
    const user = userEvent.setup();
    renderApp(PAGE, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(
      await screen.findByText('This rollout cannot do that in its current state'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.reads).toBe(2));
  });

  it('has no action once finished', async () => {
    serveRollout({
      status: 'completed',
      stage: 'rest',
      progress: progressOf({ succeeded: 100 }),
      completed_at: '2026-11-27T09:00:00Z',
    });
    renderApp(PAGE, ADMIN);
    expect(await screen.findByText('Completed', { selector: '.pill' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abort' })).not.toBeInTheDocument();
  });

  it('reads the rollout and its purifiers again when the fleet channel pushes a change of it', async () => {
    const calls = serveRollout();
    const socket = new FakeSocket(() => ({ ok: false, error: 'not_found' }));
    setRealtimeSocket(socket.asSocket());
    renderApp(PAGE, ADMIN);
    await screen.findByRole('heading', { level: 1, name: 'Cocoon spring release · 2.5.0' });
    await waitFor(() => expect(calls.deviceReads).toBe(1));
    const summary = (rollouts: FirmwareRollout[]) =>
      ({ rollouts, generated_at: new Date().toISOString() }) as unknown as FleetSummary;

    // The same rollout as the page shows: nothing to read.
    act(() => socket.serverEmit('fleet:summary', summary([makeRollout()])));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(calls.reads).toBe(1);

    // Its progress moved: both are read again.
    act(() =>
      socket.serverEmit(
        'fleet:summary',
        summary([makeRollout({ progress: progressOf({ pending: 80, succeeded: 20 }) })]),
      ),
    );
    await waitFor(() => expect(calls.reads).toBe(2));
    await waitFor(() => expect(calls.deviceReads).toBe(2));

    // Another rollout moved, this one did not: nothing to read.
    act(() =>
      socket.serverEmit(
        'fleet:summary',
        summary([
          makeRollout({ progress: progressOf({ pending: 80, succeeded: 20 }) }),
          makeRollout({ ulid: '01JR0000000000000000000002' }),
        ]),
      ),
    );
    // It left the active list (completed): read again.
    act(() => socket.serverEmit('fleet:summary', summary([])));
    await waitFor(() => expect(calls.reads).toBe(3));
    expect(calls.deviceReads).toBe(3);
  });

  it('polls while the fleet channel is not there', async () => {
    serveRollout();
    renderApp(PAGE, ADMIN);
    expect(await screen.findByText('Refreshed every 5 s')).toBeInTheDocument();
  });

  it('is refused to a user', async () => {
    renderApp(PAGE, signedIn(makeMe()));
    expect(
      await screen.findByText('Firmware rollouts are reserved for technicians and administrators.'),
    ).toBeInTheDocument();
  });
});
