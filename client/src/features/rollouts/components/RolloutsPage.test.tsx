import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetDevice, FleetSummary } from '@aircloud/shared/fleet';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { hydra } from '../../../test/purifierFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import {
  FIRMWARE_ULID,
  makeFirmware,
  makeRollout,
  progressOf,
  ROLLOUT_ULID,
} from '../../../test/rolloutFixtures.ts';
import { server } from '../../../test/server.ts';

const TECHNICIAN = signedIn(makeMe({ role: 'ROLE_TECHNICIAN' }));

function candidate(ulid: string, name: string, softVersion: string | null): FleetDevice {
  return {
    '@id': `/api/purifiers/${ulid}`,
    '@type': 'FleetDevice',
    kind: 'purifier',
    ulid,
    name,
    serial_number: `HEPA_COCOON-${ulid.slice(-4)}`,
    model: 'HEPA_COCOON',
    state: 'operational',
    soft_version: softVersion,
    maintenance_min: 80,
    wifi_state: 'connected',
    last_seen_at: '2026-11-27T08:00:00Z',
    owner: null,
  };
}

/** Serves the firmware files and an empty list of rollouts; records the rollouts created. */
function serveCreation(answer?: () => Response) {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/firmware_rollouts', () => HttpResponse.json(hydra([]))),
    http.get('/api/firmwares', () =>
      HttpResponse.json(
        hydra([
          makeFirmware(),
          makeFirmware({
            ulid: '01JF1RMWARE000000000000002',
            name: 'Dome hotfix',
            version: '1.0.3',
            models: ['HEPA_DOME_WHITE'],
          }),
        ]),
      ),
    ),
    http.post('/api/firmware_rollouts', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer ? answer() : HttpResponse.json(makeRollout(), { status: 201 });
    }),
    http.get(`/api/firmware_rollouts/${ROLLOUT_ULID}`, () => HttpResponse.json(makeRollout())),
    http.get(`/api/firmware_rollouts/${ROLLOUT_ULID}/purifiers`, () =>
      HttpResponse.json(hydra([])),
    ),
  );
  return posted;
}

afterEach(() => setRealtimeSocket(null));

describe('rollout list', () => {
  it('reads the page again when the fleet channel pushes a change of a rollout it shows', async () => {
    let reads = 0;
    server.use(
      http.get('/api/firmware_rollouts', () => {
        reads += 1;
        return HttpResponse.json(hydra([makeRollout()]));
      }),
    );
    const socket = new FakeSocket(() => ({ ok: false, error: 'not_found' }));
    setRealtimeSocket(socket.asSocket());
    renderApp('/fleet/rollouts', TECHNICIAN);
    await screen.findByRole('link', { name: 'Cocoon spring release' });
    const push = (rollouts: ReturnType<typeof makeRollout>[]) =>
      act(() => socket.serverEmit('fleet:summary', { rollouts } as unknown as FleetSummary));
    push([makeRollout()]);
    push([makeRollout(), makeRollout({ ulid: '01JR0000000000000000000009' })]);
    expect(reads).toBe(1);
    push([makeRollout({ progress: progressOf({ pending: 50, succeeded: 50 }) })]);
    await waitFor(() => expect(reads).toBe(2));
    // The unchanged pushes before it asked for nothing, not even late.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBe(2);
  });

  it('lists the rollouts with their status, stage, progress and author, filtered by status', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/firmware_rollouts', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(
          hydra([
            makeRollout(),
            makeRollout({
              ulid: '01JR0000000000000000000002',
              status: 'completed',
              stage: 'rest',
              progress: progressOf({ succeeded: 98, failed: 1, timed_out: 1 }),
              created_by: null,
            }),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/fleet/rollouts', TECHNICIAN);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Firmware rollouts' }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    const first = rows[1]!;
    expect(within(first).getByRole('link', { name: 'Cocoon spring release' })).toHaveAttribute(
      'href',
      `/fleet/rollouts/${ROLLOUT_ULID}`,
    );
    expect(within(first).getByText('Version 2.5.0')).toBeInTheDocument();
    expect(within(first).getByText('HEPA Cocoon')).toBeInTheDocument();
    expect(within(first).getByText('Canary', { selector: '.pill' })).toBeInTheDocument();
    expect(within(first).getByText('Stage: Canary')).toBeInTheDocument();
    expect(within(first).getByText('By Marie Curie')).toBeInTheDocument();
    const bar = within(first).getByRole('progressbar', {
      name: 'Cocoon spring release · 2.5.0',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '6');
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      '6 of 100 purifiers done. 100 purifiers: Succeeded 5, Failed 1, In progress 4, Pending 90',
    );
    const second = rows[2]!;
    expect(within(second).getByText('Completed', { selector: '.pill' })).toBeInTheDocument();
    expect(within(second).getByText('By a deleted account')).toBeInTheDocument();
    expect(within(second).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('status')).toBe('paused'));
  });

  it('says when there is no rollout yet and offers to start one', async () => {
    serveCreation();
    const user = userEvent.setup();
    renderApp('/fleet/rollouts', TECHNICIAN);
    expect(await screen.findByRole('heading', { name: 'No rollout yet' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New rollout' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'New rollout' })).toBeInTheDocument();
  });

  it('says when no rollout has the status filtered on', async () => {
    serveCreation();
    renderApp('/fleet/rollouts?status=aborted', TECHNICIAN);
    expect(
      await screen.findByRole('heading', { name: 'No rollout has this status.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('aborted');
    expect(screen.getAllByRole('button', { name: 'New rollout' })).toHaveLength(1);
  });

  it('opens the Error page when the server fails', { timeout: 20_000 }, async () => {
    server.use(
      http.get('/api/firmware_rollouts', () =>
        HttpResponse.json(hydraError(500, 'server_unavailable'), { status: 500 }),
      ),
    );
    const { router } = renderApp('/fleet/rollouts', TECHNICIAN);
    // The Error page is its own lazily loaded route: its first import can take seconds under load.
    expect(
      await screen.findByText('The server is unavailable', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/500');
  });

  it('is refused to a user', async () => {
    renderApp('/fleet/rollouts', signedIn(makeMe({ role: 'ROLE_USER' })));
    expect(
      await screen.findByText('Firmware rollouts are reserved for technicians and administrators.'),
    ).toBeInTheDocument();
  });
});

describe('new rollout dialog', () => {
  it('checks the fields before sending, then starts the rollout with the defaults and opens it', async () => {
    const posted = serveCreation();
    const user = userEvent.setup();
    const { router } = renderApp('/fleet/rollouts', TECHNICIAN);
    await user.click((await screen.findAllByRole('button', { name: 'New rollout' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });

    // The limits start at their defaults.
    expect(within(dialog).getByLabelText('Canary (%)')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Success threshold (%)')).toHaveValue(90);
    expect(within(dialog).getByLabelText('Maximum failure rate (%)')).toHaveValue(20);
    expect(within(dialog).getByLabelText('Timeout (minutes)')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Wave size')).toHaveValue(50);

    // Nothing chosen, a canary of 0 %: the messages land on their fields, nothing is sent.
    await user.clear(within(dialog).getByLabelText('Canary (%)'));
    await user.type(within(dialog).getByLabelText('Canary (%)'), '0');
    await user.clear(within(dialog).getByLabelText('Wave size'));
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    expect(within(dialog).getByLabelText('Firmware')).toHaveAccessibleDescription(
      'Value is required',
    );
    expect(within(dialog).getByLabelText('Model')).toHaveAccessibleDescription('Value is required');
    expect(within(dialog).getByLabelText('Canary (%)')).toHaveAccessibleDescription(
      'The minimum value allowed is 1',
    );
    expect(within(dialog).getByLabelText('Wave size')).toHaveAccessibleDescription(
      'Value is required',
    );
    expect(posted).toEqual([]);

    // The models offered are the firmware's.
    expect(within(dialog).getByLabelText('Model')).toBeDisabled();
    await user.selectOptions(
      within(dialog).getByLabelText('Firmware'),
      'Cocoon spring release · 2.5.0 (HEPA Cocoon, HEPA Cocoon Symphonie)',
    );
    const model = within(dialog).getByLabelText('Model');
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a model', 'HEPA Cocoon', 'HEPA Cocoon Symphonie']);
    await user.selectOptions(model, 'HEPA Cocoon');
    await user.clear(within(dialog).getByLabelText('Canary (%)'));
    await user.type(within(dialog).getByLabelText('Canary (%)'), '25');
    await user.type(within(dialog).getByLabelText('Wave size'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/fleet/rollouts/${ROLLOUT_ULID}`),
    );
    expect(posted).toEqual([
      {
        firmware: FIRMWARE_ULID,
        model: 'HEPA_COCOON',
        canary_percent: 25,
        success_threshold: 90,
        max_failure_rate: 20,
        timeout_minutes: 30,
        wave_size: 20,
      },
    ]);
    expect(await screen.findByText('Rollout of 2.5.0 started.')).toBeInTheDocument();
  });

  it('shows the server’s violations on their fields', async () => {
    const posted = serveCreation(() =>
      HttpResponse.json(
        {
          '@type': 'ConstraintViolationList',
          'hydra:title': 'validation_failed',
          'hydra:description': 'validation_failed',
          status: 422,
          violations: [{ propertyPath: 'model', code: 'validation.firmware_model', message: '' }],
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderApp('/fleet/rollouts', TECHNICIAN);
    await user.click((await screen.findAllByRole('button', { name: 'New rollout' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });
    await user.selectOptions(within(dialog).getByLabelText('Firmware'), FIRMWARE_ULID);
    await user.selectOptions(within(dialog).getByLabelText('Model'), 'HEPA_COCOON_SYMPHONIE');
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Model')).toHaveAccessibleDescription(
        'This firmware does not fit this model',
      ),
    );
    expect(posted).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'New rollout' })).toBeInTheDocument();
  });

  it('limits a rollout to the purifiers chosen from the model’s list', async () => {
    const posted = serveCreation();
    const askedModels: (string | null)[] = [];
    server.use(
      http.get('/api/fleet/purifiers', ({ request }) => {
        askedModels.push(new URL(request.url).searchParams.get('model'));
        return HttpResponse.json(
          hydra([
            candidate('01JP0000000000000000000001', 'Kitchen', '2.4.1'),
            candidate('01JP0000000000000000000002', 'Hall', '2.5.0'),
            candidate('01JP0000000000000000000003', 'Office', null),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/fleet/rollouts', TECHNICIAN);
    await user.click((await screen.findAllByRole('button', { name: 'New rollout' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });
    await user.selectOptions(within(dialog).getByLabelText('Firmware'), FIRMWARE_ULID);
    await user.selectOptions(within(dialog).getByLabelText('Model'), 'HEPA_COCOON');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen purifiers' }));

    // None chosen: asked for one.
    const list = await within(dialog).findByRole('group', { name: 'Purifiers of this model' });
    // The group shows before its purifiers arrive: wait for them.
    expect(await within(list).findByText('already on 2.5.0')).toBeInTheDocument();
    expect(askedModels).toEqual(['HEPA_COCOON']);
    expect(within(list).getByText('no version reported')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    expect(within(list).getByText('Choose at least one purifier.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    // The filter narrows the page shown; the choice is kept.
    await user.type(
      within(list).getByLabelText('Filter this page by name or serial number'),
      'kit',
    );
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(list).getByRole('checkbox', { name: /Kitchen/ }));
    await user.clear(within(list).getByLabelText('Filter this page by name or serial number'));
    await user.click(within(list).getByRole('checkbox', { name: /Office/ }));
    expect(within(list).getByText('2 purifiers chosen')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      model: 'HEPA_COCOON',
      purifiers: ['01JP0000000000000000000001', '01JP0000000000000000000003'],
    });
  });
});
