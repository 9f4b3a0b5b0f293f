import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MaintenanceForecast } from '@aircloud/shared/effectiveness';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import {
  hydra,
  makeForecast,
  makePurifier,
  PURIFIER_ULID,
} from '../../../test/purifierFixtures.ts';

const MAINTENANCE = `/purifiers/${PURIFIER_ULID}/maintenance`;
const part = { last_replaced_at: null };

function serve(forecast: MaintenanceForecast) {
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(makePurifier())),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
      HttpResponse.json(hydra([])),
    ),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_forecast`, () =>
      HttpResponse.json(forecast),
    ),
  );
}

describe('the replacement forecast', () => {
  it('dates each part at its pace: due, overdue, due now or unknown', async () => {
    serve(
      makeForecast({
        replacement_level: 15,
        consumables: {
          prefilter: { ...part, level: 62, pace_per_day: -1.25, due_at: '2099-01-20T10:00:00Z' },
          filters: { ...part, level: 12, pace_per_day: -0.5, due_at: '2026-01-05T10:00:00Z' },
          module_1: { ...part, level: 100, pace_per_day: null, due_at: null },
          module_2: { ...part, level: 90, pace_per_day: 0, due_at: null },
          module_3: { ...part, level: 5, pace_per_day: null, due_at: null },
          module_4: { ...part, level: 100, pace_per_day: null, due_at: null },
        },
      }),
    );
    renderApp(MAINTENANCE, signedIn(makeMe()));
    const card = await screen.findByRole('region', { name: 'Replacement forecast' });
    expect(
      await within(card).findByText(
        'At the recent pace, when each part reaches 15%, your notification level.',
      ),
    ).toBeInTheDocument();
    const row = (name: string) =>
      within(card).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Prefilter')).toHaveTextContent('62%−1.25 points a day20/01/2099');
    expect(row('Filters')).toHaveTextContent('Overdue since 05/01/2026');
    expect(row('Module 1')).toHaveTextContent('UnknownUnknown');
    expect(row('Module 2')).toHaveTextContent('Not wearing');
    expect(row('Module 3')).toHaveTextContent('Due now');
  });

  it('says the measured air changes fall as the filter loads when the trend is clearly negative', async () => {
    serve(makeForecast({ ach_trend_per_week: -0.35, ach_trend_episodes: 14 }));
    renderApp(MAINTENANCE, signedIn(makeMe()));
    const card = await screen.findByRole('region', { name: 'Replacement forecast' });
    expect(
      await within(card).findByText(
        'Measured air changes in auto: -0.35 ACH a week since the filters were last replaced (14 decays). Falling as the filter loads.',
      ),
    ).toBeInTheDocument();
  });

  it('does not call a flat trend a fall, and says when there are too few decays', async () => {
    serve(makeForecast({ ach_trend_per_week: 0.02, ach_trend_episodes: 9 }));
    const view = renderApp(MAINTENANCE, signedIn(makeMe()));
    const card = await screen.findByRole('region', { name: 'Replacement forecast' });
    expect(await within(card).findByText(/\+0\.02 ACH a week/)).toBeInTheDocument();
    expect(within(card).queryByText(/Falling/)).toBeNull();
    view.unmount();
    serve(makeForecast({ ach_trend_per_week: null, ach_trend_episodes: 2 }));
    renderApp(MAINTENANCE, signedIn(makeMe()));
    expect(
      await screen.findByText(
        'Trend of the measured air changes: 2 decays in auto since the last replacement, not enough yet.',
      ),
    ).toBeInTheDocument();
  });
});
