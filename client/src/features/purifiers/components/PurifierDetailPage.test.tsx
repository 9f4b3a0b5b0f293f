import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Purifier } from '@aircloud/shared/purifiers';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

const DETAIL = `/purifiers/${PURIFIER_ULID}`;

/** Serves one purifier; PATCH merges the body into it and records it. */
function servePurifier(overrides: Partial<Purifier> = {}) {
  let purifier = makePurifier(overrides);
  const patches: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(purifier)),
    http.patch(`/api/purifiers/${PURIFIER_ULID}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      purifier = { ...purifier, ...body, updated_at: new Date().toISOString() } as Purifier;
      return HttpResponse.json(purifier);
    }),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
      HttpResponse.json(hydra([])),
    ),
  );
  return patches;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('purifier detail', () => {
  it('opens the Error page (404) for a purifier out of reach', async () => {
    server.use(
      http.get(`/api/purifiers/${PURIFIER_ULID}`, () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    const { router } = renderApp(`${DETAIL}/summary`, signedIn(makeMe()));
    expect(await screen.findByText('The resource is not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/404');
  });

  it('summarises volume, TRH and output (volume × TRH), with the maintenance levels', async () => {
    servePurifier({
      piece_volume: 40,
      hourly_recycling_rate: 10,
      silent_hourly_recycling_rate: 5,
      last_seen_at: '2026-01-10T09:00:00Z',
    });
    renderApp(DETAIL, signedIn(makeMe()));
    expect(await screen.findByText('40 m³')).toBeInTheDocument();
    expect(screen.getByText('400 m³/h')).toBeInTheDocument();
    expect(screen.getByText('In silence mode: 200 m³/h')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Module 3' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    // The tabs in the spec's order (the invitations tab comes from the invitations feature).
    const tabs = screen.getByRole('navigation', { name: 'Purifier sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Summary',
      'Parameters',
      'Schedule',
      'Maintenance',
      'Settings',
      'Invitations',
      'Meraki',
    ]);
  });

  it('lists the sensors linked to it, whoever owns them, and lets its owner remove a link', async () => {
    const SENSOR = '01JSENSOR00000000000000001';
    servePurifier({
      access: 'owner',
      linked_sensors: [
        {
          ulid: SENSOR,
          name: 'Bureau de Bob',
          owner_name: 'Bob Martin',
          linked_by_name: 'Bob Martin',
          visible: false,
        },
      ],
    });
    const removed: string[] = [];
    server.use(
      http.delete(`/api/purifiers/${PURIFIER_ULID}/sensors/:sensor`, ({ params }) => {
        removed.push(String(params.sensor));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp(DETAIL, signedIn(makeMe()));
    expect(await screen.findByText('Bureau de Bob')).toBeInTheDocument();
    expect(screen.getByText("Bob Martin's sensor · Linked by Bob Martin")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the link with Bureau de Bob' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this sensor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([SENSOR]));
    expect(await screen.findByText('The link is removed')).toBeInTheDocument();
  });

  it('does not offer to remove a link to a user the purifier is shared with', async () => {
    servePurifier({
      access: 'invited',
      linked_sensors: [
        {
          ulid: '01JSENSOR00000000000000002',
          name: 'Salon',
          owner_name: 'Ada Lovelace',
          linked_by_name: null,
          visible: true,
        },
      ],
    });
    renderApp(DETAIL, signedIn(makeMe()));
    expect(await screen.findByRole('link', { name: 'Salon' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove the link/ })).not.toBeInTheDocument();
  });

  it('shows a dash for what the device has not reported yet', async () => {
    servePurifier();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    expect(await screen.findByText(/The device has not reported yet/)).toBeInTheDocument();
    expect(screen.getByText('IP address').nextSibling).toHaveTextContent('—');
    expect(screen.getByText('MQTT broker').nextSibling).toHaveTextContent(
      'None: the device speaks HTTP',
    );
    expect(screen.getByRole('button', { name: 'Remove from my account' })).toBeInTheDocument();
  });

  it('shows the MQTT broker the device uses', async () => {
    servePurifier({ mqtt_url: 'mqtt://broker.example.test:1883' });
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    expect((await screen.findByText('MQTT broker')).nextSibling).toHaveTextContent(
      'mqtt://broker.example.test:1883',
    );
  });
});

describe('parameters form', () => {
  it('shows the validation messages, the French piece volume message included', async () => {
    const patches = servePurifier();
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderApp(`${DETAIL}/parameters`, signedIn(makeMe()));
    const name = await screen.findByLabelText('Nom');
    await user.clear(name);
    await user.type(screen.getByLabelText('Nom court'), 'A short name far too long');
    await user.clear(screen.getByLabelText('Volume de la pièce (m³)'));
    await user.type(screen.getByLabelText('Volume de la pièce (m³)'), '0');
    await user.clear(screen.getByLabelText('Nombre d’objets connectés dans la pièce'));
    await user.type(screen.getByLabelText('Nombre d’objets connectés dans la pièce'), '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le nom court fait au plus 20 caractères')).toBeInTheDocument();
    expect(screen.getAllByText('La valeur est incorrecte. Minimum 1.')).toHaveLength(2);
    expect(patches).toEqual([]);
  });

  it('fills the room volume from length × width × 2.50 and sends only what changed', async () => {
    const patches = servePurifier({ piece_volume: null });
    const user = userEvent.setup();
    renderApp(`${DETAIL}/parameters`, signedIn(makeMe()));
    await user.click(
      await screen.findByRole('button', { name: 'Compute from the room dimensions' }),
    );
    await user.type(screen.getByLabelText('Length (m)'), '4');
    await user.type(screen.getByLabelText('Width (m)'), '3,5');
    expect(screen.getByText('Volume: 35 m³')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this volume' }));
    expect(screen.getByLabelText('Room volume (m³)')).toHaveValue('35');
    await user.selectOptions(screen.getByLabelText('Hourly recycling rate (TRH)'), '15');
    await user.click(screen.getByRole('radio', { name: 'Boost' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The parameters have been saved')).toBeInTheDocument();
    expect(patches).toEqual([{ piece_volume: 35, hourly_recycling_rate: 15, mode: 'boost' }]);
  });

  it('puts the server violations under their fields', async () => {
    servePurifier();
    server.use(
      http.patch(`/api/purifiers/${PURIFIER_ULID}`, () =>
        HttpResponse.json(
          {
            '@type': 'ConstraintViolationList',
            'hydra:title': 'Some fields are invalid',
            'hydra:description': 'validation_failed',
            status: 422,
            violations: [{ propertyPath: 'piece_volume', code: 'min_incorrect', message: 'x' }],
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp(`${DETAIL}/parameters`, signedIn(makeMe()));
    const volume = await screen.findByLabelText('Room volume (m³)');
    await user.clear(volume);
    await user.type(volume, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The value is incorrect. Minimum 1.')).toHaveAttribute(
      'id',
      'pp-volume-error',
    );
  });

  it('blocks navigation while edits are unsaved and warns', async () => {
    servePurifier();
    const user = userEvent.setup();
    const { router } = renderApp(`${DETAIL}/parameters`, signedIn(makeMe()));
    await user.type(await screen.findByLabelText('Short name'), 'Salon');
    await user.click(screen.getByRole('link', { name: 'Schedule' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe(`${DETAIL}/parameters`);
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`${DETAIL}/parameters`);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancel the changes' }));
    await user.click(screen.getByRole('link', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${DETAIL}/schedule`));
  });
});

describe('schedule editor', () => {
  it('starts the week on Monday, adds and removes slots, refuses duplicate starts', async () => {
    const patches = servePurifier();
    const user = userEvent.setup();
    const { router } = renderApp(`${DETAIL}/schedule`, signedIn(makeMe()));
    const days = await screen.findAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add a slot on Monday' }));
    await user.click(screen.getByRole('button', { name: 'Add a slot on Monday' }));
    expect(screen.getByLabelText('Start of slot 1 on Monday')).toHaveValue('08:00');
    expect(screen.getByLabelText('Start of slot 2 on Monday')).toHaveValue('09:00');

    fireEvent.change(screen.getByLabelText('Start of slot 2 on Monday'), {
      target: { value: '08:00' },
    });
    expect(
      screen.getByText('Another slot of this day starts at the same time'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    expect(
      await screen.findByText('Some slots are invalid: check the highlighted times'),
    ).toBeInTheDocument();
    expect(patches).toEqual([]);

    // Unsaved plan: leaving asks first; staying keeps the plan.
    await user.click(screen.getByRole('link', { name: 'Summary' }));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`${DETAIL}/schedule`);

    await user.click(screen.getAllByRole('button', { name: 'Remove the slot at 08:00' })[1]!);
    await user.selectOptions(screen.getByLabelText('Mode of slot 1 on Monday'), 'silence');
    await user.click(screen.getByRole('button', { name: 'Add a slot on Sunday' }));
    fireEvent.change(screen.getByLabelText('Start of slot 1 on Sunday'), {
      target: { value: '2230' },
    });
    fireEvent.blur(screen.getByLabelText('Start of slot 1 on Sunday'));
    expect(screen.getByLabelText('Start of slot 1 on Sunday')).toHaveValue('22:30');
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    expect(await screen.findByText('The schedule has been saved')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        schedule: {
          days: [
            [{ start: '08:00', mode: 'silence' }],
            [],
            [],
            [],
            [],
            [],
            [{ start: '22:30', mode: 'auto' }],
          ],
        },
      },
    ]);
  });

  it('copies a day to the weekdays', async () => {
    servePurifier({
      schedule: {
        days: [[{ start: '07:00', mode: 'boost' }], [], [], [], [], [], []],
      },
    });
    const user = userEvent.setup();
    renderApp(`${DETAIL}/schedule`, signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Copy Monday to other days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Monday to' });
    await user.click(within(dialog).getByRole('button', { name: 'Weekdays' }));
    expect(within(dialog).getByLabelText('Friday')).toBeChecked();
    expect(within(dialog).getByLabelText('Saturday')).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(screen.getByLabelText('Start of slot 1 on Friday')).toHaveValue('07:00');
    expect(screen.getByLabelText('Mode of slot 1 on Thursday')).toHaveValue('boost');
    expect(screen.queryByLabelText('Start of slot 1 on Saturday')).not.toBeInTheDocument();
  });
});
