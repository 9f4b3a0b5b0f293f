import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { MaintenanceEvent } from '@aircloud/shared/purifiers';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

const LINK = 'https://media.aircloud.example/howto/filters.mp4';
const REFUSED = 'The link must point to a video (mp4, avi, mpeg or mov) on media.aircloud.example';

function event(overrides: Partial<MaintenanceEvent> = {}): MaintenanceEvent {
  return {
    '@id': `/api/purifiers/${PURIFIER_ULID}/maintenance_events/01JB0000000000000000000001`,
    '@type': 'MaintenanceEvent',
    ulid: '01JB0000000000000000000001',
    purifier: `/api/purifiers/${PURIFIER_ULID}`,
    type: 'filters',
    occurred_at: '2026-03-02T09:30:00.000Z',
    user: null,
    note: '',
    video_link: '',
    ...overrides,
  };
}

/** The maintenance tab with `history`; returns the bodies posted (answered by `answer`). */
function serve(history: MaintenanceEvent[], answer?: () => Response) {
  const posted: unknown[] = [];
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(makePurifier())),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
      HttpResponse.json(hydra(history)),
    ),
    http.post(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, async ({ request }) => {
      const body = await request.json();
      posted.push(body);
      return answer?.() ?? HttpResponse.json(event({ video_link: LINK }), { status: 201 });
    }),
  );
  return posted;
}

describe('the how-to video link of a replacement', () => {
  it('refuses a link that is not a video on the product media host, under the field, and sends nothing', async () => {
    const posted = serve([]);
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/maintenance`, signedIn(makeMe()));
    const field = await screen.findByLabelText('Link to a how-to video (optional)');
    await user.type(field, 'https://example.com/filters.mp4');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(REFUSED);
    expect(posted).toEqual([]);
  });

  it('sends a product video with the replacement, and nothing when the field is empty', async () => {
    const posted = serve([]);
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/maintenance`, signedIn(makeMe()));
    const field = await screen.findByLabelText('Link to a how-to video (optional)');
    await user.type(field, LINK);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ type: 'filters', video_link: LINK });
    await vi.waitFor(() => expect(field).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ type: 'filters' });
  });

  it("shows the server's refusal of the link under the field", async () => {
    serve([], () =>
      HttpResponse.json(
        {
          ...hydraError(422, 'validation_failed'),
          violations: [{ propertyPath: 'video_link', code: 'media_link', message: '' }],
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/maintenance`, signedIn(makeMe()));
    const field = await screen.findByLabelText('Link to a how-to video (optional)');
    await user.type(field, LINK);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
  });

  it('links the video of a replacement in the history, in a new tab, named by what it shows', async () => {
    serve([
      event({ video_link: LINK }),
      event({ ulid: '01JB0000000000000000000002', type: 'module_1' }),
    ]);
    renderApp(`/purifiers/${PURIFIER_ULID}/maintenance`, signedIn(makeMe()));
    const link = await screen.findByRole('link', {
      name: /^Watch the video of the replacement \(Filters, .+\), in a new tab$/,
    });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('Watch the video');
    const rows = screen.getAllByRole('row');
    const moduleRow = rows.find((row) => within(row).queryByText('Module 1'))!;
    expect(within(moduleRow).queryByRole('link')).not.toBeInTheDocument();
  });
});
