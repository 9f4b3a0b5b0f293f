import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PurifierEffectiveness } from '@aircloud/shared/effectiveness';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import {
  hydra,
  makeEffectiveness,
  makePurifier,
  PURIFIER_ULID,
} from '../../../test/purifierFixtures.ts';

const SUMMARY = `/purifiers/${PURIFIER_ULID}/summary`;

function serve(effectiveness: PurifierEffectiveness | 'error') {
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () =>
      HttpResponse.json(makePurifier({ piece_volume: 30 })),
    ),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
      HttpResponse.json(hydra([])),
    ),
    http.get(`/api/purifiers/${PURIFIER_ULID}/effectiveness`, () =>
      effectiveness === 'error'
        ? HttpResponse.json(hydraError(400, 'bad_request'), { status: 400 })
        : HttpResponse.json(effectiveness),
    ),
  );
}

async function card() {
  return screen.findByRole('region', { name: 'Measured air changes' });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('measured air changes on the summary', () => {
  it('shows the current mode measured beside its TRH, the verdict, its interval and the delivery against the configured output', async () => {
    serve(makeEffectiveness());
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(await within(region).findByText('In auto mode, the current one')).toBeInTheDocument();
    const figures = within(region)
      .getByText('Measured', { selector: '.air-figure__label' })
      .closest('.air-figures') as HTMLElement;
    expect(within(figures).getByText('4.4 ACH')).toBeInTheDocument();
    expect(within(figures).getByText('Below its target')).toBeInTheDocument();
    expect(within(figures).getByText('Target (TRH)').nextSibling).toHaveTextContent('5 ACH');
    expect(within(figures).getByText('132 m³/h')).toBeInTheDocument();
    expect(
      within(figures).getByText('Configured output: 150 m³/h (volume × TRH)'),
    ).toBeInTheDocument();
    expect(
      within(region).getByText(
        '95 % interval: 4.2–4.6 ACH. Conclusive: the whole interval is below the target.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See the decays' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_ULID}/air-changes`,
    );
  });

  it('tables the four modes, says how many decays a mode still needs, and the natural rate', async () => {
    serve(makeEffectiveness());
    renderApp(SUMMARY, signedIn(makeMe()));
    const table = await screen.findByRole('table', {
      name: 'Every mode, from the decays of the last 28 days',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Off',
      'Silence',
      'Auto',
      'Boost',
    ]);
    expect(rows[1]).toHaveTextContent('3 more decays needed');
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(rows[3]).toHaveTextContent('7.2 ACH6.9–7.4 ACH5 ACH9Meets its target');
    expect(
      screen.getByText('Room’s natural decay, measured with the purifier off: 1.5 ACH.'),
    ).toBeInTheDocument();
  });

  it('says in silence that its target is the silent TRH, and how many decays are missing', async () => {
    serve(makeEffectiveness({ current_mode: 'silence' }));
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(await within(region).findByText('Target (silent TRH)')).toBeInTheDocument();
    expect(
      within(region).getByText('Not enough data yet: needs 3 more decays in silence mode.'),
    ).toBeInTheDocument();
  });

  it('compares the room’s clean air with ASHRAE 241 and the Lancet Commission, naming them, and asks for the occupants', async () => {
    serve(makeEffectiveness());
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(await within(region).findByText('0.4 ACH')).toBeInTheDocument();
    expect(within(region).getByText('4.8 ACH')).toBeInTheDocument();
    expect(
      within(region).getByRole('link', { name: 'Enter the usual number of people' }),
    ).toHaveAttribute('href', `/purifiers/${PURIFIER_ULID}/parameters`);
    const lancet = within(region)
      .getByRole('heading', { name: 'Lancet Commission: air delivery' })
      .closest('.air-targets') as HTMLElement;
    expect(
      within(lancet)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Good 4 ACH or 10 L/s per personMet',
      'Better 6 ACH or 14 L/s per personNot met',
      'Best above 6 ACH or 14 L/s per personNot met',
    ]);
    expect(
      within(lancet).getByText(/Proposed Non-infectious Air Delivery Rates/),
    ).toBeInTheDocument();
    expect(within(region).getByText(/ANSI\/ASHRAE Standard 241-2023/)).toBeInTheDocument();
  });

  it('gives the clean air per person once the occupants are known', async () => {
    serve(makeEffectiveness({ occupants: 2, clean_air_lps_per_person: 20 }));
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(await within(region).findByText('20 L/s per person')).toBeInTheDocument();
    expect(within(region).getByText('for 2 people')).toBeInTheDocument();
  });

  it('explains that a linked sensor is needed when there is none', async () => {
    serve(makeEffectiveness({ sensors: 0, updated_at: null }));
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(
      await within(region).findByText(
        'Air changes are measured by a sensor in the same room: none is linked to this purifier.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Go to the sensors' })).toHaveAttribute(
      'href',
      '/sensors',
    );
    expect(within(region).queryByRole('link', { name: 'See the decays' })).toBeNull();
  });

  it('says when the readings have not been examined yet', async () => {
    serve(makeEffectiveness({ updated_at: null }));
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    expect(await within(region).findByText(/have not been examined yet/)).toBeInTheDocument();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    serve('error');
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('The measured air changes could not be loaded');
    serve(makeEffectiveness());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findAllByText('Below its target')).toHaveLength(2);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    serve(makeEffectiveness());
    renderApp(SUMMARY, signedIn(makeMe()));
    const region = await screen.findByRole('region', { name: 'Renouvellement d’air mesuré' });
    expect(
      await within(region).findByText('4,4 vol/h', { selector: '.air-figure__value' }),
    ).toBeInTheDocument();
    expect(within(region).getByText('Objectif (TRH)')).toBeInTheDocument();
  });
});
