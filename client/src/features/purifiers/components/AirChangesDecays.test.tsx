import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DecayEpisode } from '@aircloud/shared/effectiveness';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import {
  hydra,
  makeEpisode,
  makeEpisodeDetail,
  makePurifier,
  PURIFIER_ULID,
} from '../../../test/purifierFixtures.ts';
import { excessPoints, logTicks } from './DecayChart.tsx';

const DECAYS = `/purifiers/${PURIFIER_ULID}/air-changes`;

const KEPT = makeEpisode('41');
const DISCARDED = makeEpisode('40', {
  start: '2026-11-27T07:00:00Z',
  end: '2026-11-27T07:08:00Z',
  mode: 'auto',
  kept: false,
  reason: 'mode_changed',
  rate: null,
  r2: null,
  fit_from: null,
  fit_to: null,
});
const CO2 = makeEpisode('39', {
  kind: 'co2',
  start: '2026-11-26T20:00:00Z',
  end: '2026-11-27T01:00:00Z',
  mode: null,
  peak: 1200,
  background: 420,
  rate: 0.4,
});

/** Serves the purifier and its episodes; records the list queries asked for. */
function serve(episodes: DecayEpisode[]) {
  const queries: string[] = [];
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(makePurifier())),
    http.get(`/api/purifiers/${PURIFIER_ULID}/decay_episodes`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params.toString());
      const kind = params.get('kind');
      const kept = params.get('kept');
      return HttpResponse.json(
        hydra(
          episodes.filter((e) => (!kind || e.kind === kind) && (!kept || String(e.kept) === kept)),
        ),
      );
    }),
    http.get(`/api/purifiers/${PURIFIER_ULID}/decay_episodes/:id`, ({ params }) => {
      const found = episodes.find((e) => e.id === params.id);
      return found
        ? HttpResponse.json(makeEpisodeDetail(found.id, found))
        : HttpResponse.json({}, { status: 404 });
    }),
  );
  return queries;
}

describe('the decays behind the measured air changes', () => {
  it('draws the latest kept PM2.5 decay on a log scale with a caption giving its figures', async () => {
    serve([KEPT, DISCARDED, CO2]);
    renderApp(DECAYS, signedIn(makeMe()));
    const drawn = await screen.findByRole('region', { name: 'Latest kept PM2.5 decay' });
    const chart = await within(drawn).findByRole('img');
    expect(chart).toHaveAccessibleName(
      'PM2.5 decay of 27/11/2026 09:00: from a peak of 103.6 µg/m³ down towards a background of 5.2 µg/m³, over 16 min in boost mode (17 readings). Decay rate 8.35 per hour, r² 0.998.',
    );
    // Every reading above the background is a dot; the fitted part is one straight line.
    expect(chart.querySelectorAll('circle')).toHaveLength(17);
    const line = chart.querySelector('polyline')!.getAttribute('points')!.split(' ');
    const xy = line.map((p) => p.split(',').map(Number) as [number, number]);
    const slope = (a: [number, number], b: [number, number]) => (b[1] - a[1]) / (b[0] - a[0]);
    expect(slope(xy[0]!, xy[1]!)).toBeCloseTo(slope(xy.at(-2)!, xy.at(-1)!), 1);
    expect(within(drawn).getByText('8.35 per hour')).toBeInTheDocument();
    expect(within(drawn).getByText('0.998')).toBeInTheDocument();
    expect(within(drawn).getByText('Boost')).toBeInTheDocument();
    expect(within(drawn).getByText('16 min', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the summary' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_ULID}/summary`,
    );
  });

  it('lists every episode, the discarded ones with their reason in words, and draws the one chosen', async () => {
    serve([KEPT, DISCARDED, CO2]);
    renderApp(DECAYS, signedIn(makeMe()));
    const list = await screen.findByRole('region', { name: 'Every episode' });
    const rows = (await within(list).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Discarded: the mode changed during it');
    expect(rows[2]).toHaveTextContent('CO₂');
    await userEvent.click(
      within(rows[2]!).getByRole('button', { name: 'Draw the CO₂ decay of 26/11/2026 21:00' }),
    );
    const drawn = await screen.findByRole('region', { name: 'CO₂ decay of 26/11/2026 21:00' });
    expect(await within(drawn).findByRole('img')).toHaveAccessibleName(/background of 420 ppm/);
    expect(
      within(rows[2]!).getByRole('button', { name: 'Draw the CO₂ decay of 26/11/2026 21:00' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by kind and by kept or discarded', async () => {
    const queries = serve([KEPT, DISCARDED, CO2]);
    renderApp(DECAYS, signedIn(makeMe()));
    const list = await screen.findByRole('region', { name: 'Every episode' });
    await within(list).findAllByRole('row');
    await userEvent.selectOptions(within(list).getByLabelText('Status'), 'Discarded');
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    expect(queries).toContain('kept=false&page=1');
    await userEvent.selectOptions(within(list).getByLabelText('Kind'), 'CO₂');
    expect(await within(list).findByText('No episode matches these filters.')).toBeInTheDocument();
    expect(queries).toContain('kind=co2&kept=false&page=1');
  });

  it('says when there is no episode at all', async () => {
    serve([]);
    renderApp(DECAYS, signedIn(makeMe()));
    expect(await screen.findByRole('heading', { name: 'No decay found yet' })).toBeInTheDocument();
    expect(
      screen.getByText('No PM2.5 decay has been kept yet: choose an episode below to draw it.'),
    ).toBeInTheDocument();
  });
});

describe('the log scale', () => {
  it('puts decade ticks (and 2 and 5 over a short span) and leaves out readings at the background', () => {
    expect(logTicks(0, 3)).toEqual([1, 10, 100, 1000]);
    expect(logTicks(1, 2)).toEqual([10, 20, 50, 100]);
    const t0 = Date.parse('2026-11-27T08:00:00Z');
    expect(
      excessPoints(
        [
          { t: '2026-11-27T08:00:00Z', v: 105 },
          { t: '2026-11-27T08:01:00Z', v: 5 },
          { t: '2026-11-27T08:02:00Z', v: 15 },
        ],
        5,
        t0,
      ),
    ).toEqual([
      { x: 0, y: 2 },
      { x: 2, y: 1 },
    ]);
  });
});
