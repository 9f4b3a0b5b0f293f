import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

describe('maintenance date', () => {
  it('says an impossible date is not a valid date, and sends nothing', async () => {
    let posts = 0;
    server.use(
      http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(makePurifier())),
      http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
        HttpResponse.json(hydra([])),
      ),
      http.post(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () => {
        posts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/maintenance`, signedIn(makeMe()));
    const field = await screen.findByLabelText('Date of the replacement');
    await user.clear(field);
    await user.type(field, '31/02/2026');
    await user.tab();
    await user.click(screen.getByRole('button', { name: /record/i }));
    expect(await screen.findByText('Value is not a valid date')).toBeInTheDocument();
    expect(screen.queryByText('An error occurred')).not.toBeInTheDocument();
    expect(posts).toBe(0);
  });
});
