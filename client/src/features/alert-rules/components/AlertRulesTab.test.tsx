import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AlertRule, AlertTrigger, AlertTriggerEvent } from '@aircloud/shared/alert-rules';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { Sensor } from '@aircloud/shared/sensors';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import { watchAlertTriggers } from '../streams/alertTriggers.ts';

const SENSOR = '01JSENSOR00000000000000001';
const PURIFIER = '01JPURIFIER000000000000001';

function makeSensor(): Sensor {
  return {
    '@id': `/api/sensors/${SENSOR}`,
    '@type': 'Sensor',
    ulid: SENSOR,
    serial_number: 'AQS-0001',
    name: 'Living room',
    short_name: '',
    is_public: false,
    system_date: '2026-11-01',
    owner: null,
    wifi_state: 'connected',
    last_seen_at: '2026-11-21T10:00:00Z',
    reporting_interval_s: 60,
    purifiers: [
      {
        '@id': `/api/purifiers/${PURIFIER}`,
        ulid: PURIFIER,
        name: 'Bedroom',
        serial_number: 'HEPA_BULLE_WHITE-000001',
      },
    ],
    last_sample: null,
    created_at: '2026-11-01T10:00:00Z',
  };
}

function makeRule(overrides: Partial<AlertRule> = {}): AlertRule {
  const id = overrides.id ?? '01JRULE0000000000000000001';
  return {
    '@id': `/api/alert_rules/${id}`,
    '@type': 'AlertRule',
    id,
    sensor: `/api/sensors/${SENSOR}`,
    measure: 'co2',
    unit: 'ppm',
    threshold: 1000,
    hysteresis: 50,
    mode: 'auto',
    confirm_s: 60,
    enabled: true,
    triggered: false,
    triggered_changed_at: null,
    not_driving: [],
    deletable: true,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

function makeTrigger(overrides: Partial<AlertTrigger> = {}): AlertTrigger {
  const id = overrides.id ?? '01JTRIGGER0000000000000001';
  return {
    '@id': `/api/alert_triggers/${id}`,
    '@type': 'AlertTrigger',
    id,
    rule: '/api/alert_rules/01JRULE0000000000000000001',
    sensor: `/api/sensors/${SENSOR}`,
    kind: 'trigger',
    at: '2026-11-21T13:05:00Z',
    measure: 'co2',
    unit: 'ppm',
    value: 1240,
    threshold: 1000,
    mode: 'auto',
    purifiers: [{ '@id': `/api/purifiers/${PURIFIER}`, ulid: PURIFIER, name: 'Bedroom' }],
    ...overrides,
  };
}

const hydra = <T,>(members: T[]): HydraCollection<T> => ({
  '@context': '/api/contexts/X',
  '@id': '/api/x',
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

/** An in-memory API for one sensor: rules and history, with every request body recorded. */
function serveRules(rules: AlertRule[] = [], triggers: AlertTrigger[] = []) {
  const state = {
    rules,
    triggers,
    posted: [] as unknown[],
    patched: [] as unknown[],
    deleted: [] as string[],
  };
  server.use(
    http.get(`/api/sensors/${SENSOR}`, () => HttpResponse.json(makeSensor())),
    http.get(`/api/sensors/${SENSOR}/alert_rules`, () => HttpResponse.json(hydra(state.rules))),
    http.get(`/api/sensors/${SENSOR}/alert_triggers`, () =>
      HttpResponse.json(hydra(state.triggers)),
    ),
    http.post(`/api/sensors/${SENSOR}/alert_rules`, async ({ request }) => {
      const body = (await request.json()) as Partial<AlertRule>;
      state.posted.push(body);
      const rule = makeRule({ ...body, id: `01JRULE00000000000000000${state.rules.length + 10}` });
      state.rules = [...state.rules, rule];
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.patch('/api/alert_rules/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AlertRule>;
      state.patched.push(body);
      state.rules = state.rules.map((r) => (r.id === params.id ? { ...r, ...body } : r));
      return HttpResponse.json(state.rules.find((r) => r.id === params.id));
    }),
    http.delete('/api/alert_rules/:id', ({ params }) => {
      state.deleted.push(String(params.id));
      state.rules = state.rules.filter((r) => r.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const path = `/sensors/${SENSOR}/triggeralerts`;

describe('sensor alert rules tab', () => {
  it('lists the rules with their state and the history with its dates in Paris time', async () => {
    serveRules(
      [
        makeRule({ triggered: true }),
        makeRule({
          id: '01JRULE0000000000000000002',
          measure: 'iso',
          unit: 'ISO',
          threshold: 7,
          mode: 'boost',
          enabled: false,
          confirm_s: 0,
        }),
      ],
      [
        makeTrigger(),
        makeTrigger({
          id: '01JTRIGGER0000000000000002',
          kind: 'stop',
          value: 930,
          at: '2026-11-21T13:20:00Z',
        }),
      ],
    );
    renderApp(path, signedIn(makeMe()));
    // The first render loads the lazy sensor page.
    expect(await screen.findByText('> 1,000 ppm', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('> 7 ISO')).toBeInTheDocument();
    expect(
      screen.getByText('Triggered', { selector: '[data-testid="rule-triggered"]' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    const history = screen
      .getByRole('heading', { name: 'History of triggered rules' })
      .closest('section')!;
    const lines = within(history).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('21/11/2026 14:05');
    expect(lines[1]).toHaveTextContent('1,240 ppm');
    expect(lines[1]).toHaveTextContent('Bedroom');
    expect(lines[2]).toHaveTextContent('Stopped');
  });

  it('shows the empty states', async () => {
    serveRules();
    renderApp(path, signedIn(makeMe()));
    expect(await screen.findByText('No alert rule yet')).toBeInTheDocument();
    expect(await screen.findByText('No rule has triggered yet')).toBeInTheDocument();
  });

  it('creates a CO2 rule from a recommended threshold', async () => {
    const state = serveRules();
    const user = userEvent.setup();
    renderApp(path, signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    await user.click(within(dialog).getByRole('button', { name: /High · 1,000 ppm/ }));
    expect(within(dialog).getByLabelText('Threshold (greater than) (ppm)')).toHaveValue('1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.posted).toHaveLength(1));
    expect(state.posted[0]).toMatchObject({
      measure: 'co2',
      threshold: 1000,
      mode: 'auto',
      confirm_s: 60,
      enabled: true,
    });
    expect(state.posted[0]).not.toHaveProperty('confirm_noise');
    expect(await screen.findByText('> 1,000 ppm')).toBeInTheDocument();
  });

  it('keeps an ISO threshold within 5..9 before sending anything', async () => {
    const state = serveRules();
    const user = userEvent.setup();
    renderApp(path, signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Measure' }));
    await user.click(await screen.findByRole('option', { name: /ISO class/ }));
    await user.type(within(dialog).getByLabelText('Threshold (greater than) (ISO)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The ISO threshold must be between 5 and 9'),
    ).toBeInTheDocument();
    expect(state.posted).toHaveLength(0);
  });

  it('asks to confirm the noise of a boost rule, then sends the confirmation', async () => {
    const state = serveRules();
    const user = userEvent.setup();
    renderApp(path, signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    await user.type(within(dialog).getByLabelText('Threshold (greater than) (ppm)'), '1500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Mode to launch' }));
    await user.click(await screen.findByRole('option', { name: 'Boost' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Boost mode is noisy/ });
    expect(state.posted).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm boost' }));
    await waitFor(() => expect(state.posted).toHaveLength(1));
    expect(state.posted[0]).toMatchObject({ mode: 'boost', threshold: 1500, confirm_noise: true });
  });

  it('disables a rule with its switch and deletes one after confirmation', async () => {
    const state = serveRules([makeRule()]);
    const user = userEvent.setup();
    renderApp(path, signedIn(makeMe()));
    await user.click(await screen.findByRole('switch', { name: 'Enable the CO2 rule' }));
    await waitFor(() => expect(state.patched).toEqual([{ enabled: false }]));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Delete this alert rule/ });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.deleted).toEqual(['01JRULE0000000000000000001']));
    expect(await screen.findByText('No alert rule yet')).toBeInTheDocument();
  });

  it('says which linked purifiers a rule does not drive, and offers delete only when allowed', async () => {
    serveRules([
      makeRule({ not_driving: [{ ulid: PURIFIER, name: 'Bedroom' }], deletable: false }),
    ]);
    renderApp(path, signedIn(makeMe()));
    expect(await screen.findByText('Does not drive: Bedroom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('notifies a live trigger and refreshes the state and the history', async () => {
    const state = serveRules([makeRule()]);
    const { store } = renderApp(path, signedIn(makeMe()));
    const subscription = watchAlertTriggers(store.dispatch);
    expect(await screen.findByText('No rule has triggered yet')).toBeInTheDocument();
    const trigger = makeTrigger();
    state.triggers = [trigger];
    state.rules = [makeRule({ triggered: true })];
    const event: AlertTriggerEvent = {
      ...trigger,
      sensor_ulid: SENSOR,
      sensor_name: 'Living room',
    };
    act(() => realtime.alertTriggerCreated$.next(event));
    expect(
      await screen.findByText('Living room: CO2 at 1,240 ppm is above 1,000, auto launched'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Triggered', { selector: '[data-testid="rule-triggered"]' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1,240 ppm')).toBeInTheDocument();
    subscription.unsubscribe();
  });
});
