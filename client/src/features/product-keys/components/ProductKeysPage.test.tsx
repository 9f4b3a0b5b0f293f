import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ProductKey, ProductKeyState } from '@aircloud/shared/product-keys';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';

const technician = () => signedIn(makeMe({ role: 'ROLE_TECHNICIAN' }));

function makeKey(n: number, state: ProductKeyState = 'generated'): ProductKey {
  const ulid = `01JKEY${String(n).padStart(20, '0')}`;
  return {
    '@id': `/api/product_keys/${ulid}`,
    '@type': 'ProductKey',
    ulid,
    key: 'ABCD-EFGH-JKLM-NPQR',
    serial_number: `HEPA_COCOON-${String(n).padStart(6, '0')}`,
    model: 'HEPA_COCOON',
    state,
    user:
      state === 'activated'
        ? {
            '@id': '/api/users/01JU',
            ulid: '01JU',
            email: 'ada@example.test',
            firstname: 'Ada',
            lastname: 'Lovelace',
          }
        : null,
    purifier: null,
    created_at: '2026-01-10T08:00:00Z',
    updated_at: '2026-01-10T08:00:00Z',
    exported_at: null,
    activated_at: null,
  };
}

function collection(members: ProductKey[], total = members.length) {
  return {
    '@context': '/api/contexts/ProductKey',
    '@id': '/api/product_keys',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}

/** Serves the list; returns the query strings it was asked for. */
function serveKeys(members: ProductKey[], total = members.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/product_keys', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(collection(members, total));
    }),
  );
  return queries;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:keys');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('key management', () => {
  it('tells a user the page is not for them', async () => {
    renderApp('/product-keys', signedIn(makeMe({ role: 'ROLE_USER' })));
    expect(
      await screen.findByText('Key management is reserved for technicians and administrators.'),
    ).toBeInTheDocument();
  });

  it('validates the generation form, then generates and refreshes the list', async () => {
    const queries = serveKeys([makeKey(1)]);
    let body: unknown = null;
    server.use(
      http.post('/api/product_keys/generate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            '@type': 'ProductKeyBatch',
            model: 'HEPA_DOME_BLACK',
            count: 5,
            first_serial_number: 'HEPA_DOME_BLACK-000100',
            last_serial_number: 'HEPA_DOME_BLACK-000104',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/product-keys', technician());
    await user.click(await screen.findByRole('button', { name: 'Generate keys' }));
    const popin = await screen.findByRole('dialog', { name: 'Generate product keys' });
    await user.click(within(popin).getByRole('button', { name: 'Generate' }));
    expect(
      await within(popin).findByText('The start serial number is required'),
    ).toBeInTheDocument();
    expect(within(popin).getByText('The count is required')).toBeInTheDocument();

    await user.type(within(popin).getByLabelText('Start serial number'), '100');
    await user.type(within(popin).getByLabelText('Number of keys'), 'abc');
    await user.click(within(popin).getByRole('button', { name: 'Generate' }));
    expect(await within(popin).findByText('The count must be numeric')).toBeInTheDocument();
    await user.clear(within(popin).getByLabelText('Number of keys'));
    await user.type(within(popin).getByLabelText('Number of keys'), '0');
    await user.click(within(popin).getByRole('button', { name: 'Generate' }));
    expect(await within(popin).findByText('Minimum 1')).toBeInTheDocument();
    expect(body).toBeNull();

    await user.clear(within(popin).getByLabelText('Number of keys'));
    await user.type(within(popin).getByLabelText('Number of keys'), '5');
    await user.selectOptions(within(popin).getByLabelText('Model'), 'HEPA_DOME_BLACK');
    expect(
      within(popin).getByText('Serial numbers HEPA_DOME_BLACK-000100 to HEPA_DOME_BLACK-000104'),
    ).toBeInTheDocument();
    const before = queries.length;
    await user.click(within(popin).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText(
        '5 keys generated (HEPA_DOME_BLACK-000100 to HEPA_DOME_BLACK-000104)',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ model: 'HEPA_DOME_BLACK', start_serial: 100, count: 5 });
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it('exports every key matching the filter by sending the filter, not ids', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => makeKey(i + 1, 'generated'));
    const queries = serveKeys(keys, 45);
    let exported: unknown = null;
    server.use(
      http.post('/api/product_keys/export', async ({ request }) => {
        exported = await request.json();
        return new HttpResponse('key,serial_number,model,state\r\nA,B,C,exported\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/product-keys?state=generated&model=HEPA_COCOON', technician());
    await user.click(await screen.findByLabelText('Select every key of this page'));
    expect(screen.getByText('20 keys selected')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Select all 45 keys matching the filter' }),
    );
    expect(screen.getByText('45 keys selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export 45 to CSV' }));
    await waitFor(() =>
      expect(exported).toEqual({ filter: { state: 'generated', model: 'HEPA_COCOON' } }),
    );
    expect(
      await screen.findByText(/1 key exported to product-keys-\d{4}-\d{2}-\d{2}\.csv/),
    ).toBeInTheDocument();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
    expect(queries.at(-1)?.get('state')).toBe('generated');
    expect(router.state.location.search).toContain('model=HEPA_COCOON');
  });

  it('exports a hand-picked selection by ids', async () => {
    serveKeys([makeKey(1), makeKey(2), makeKey(3)]);
    let exported: unknown = null;
    server.use(
      http.post('/api/product_keys/export', async ({ request }) => {
        exported = await request.json();
        return new HttpResponse('key,serial_number,model,state\r\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/product-keys', technician());
    await user.click(await screen.findByLabelText('Select the key HEPA_COCOON-000001'));
    await user.click(screen.getByLabelText('Select the key HEPA_COCOON-000003'));
    await user.click(screen.getByRole('button', { name: 'Export 2 to CSV' }));
    await waitFor(() => expect(exported).toEqual({ ids: [makeKey(1).ulid, makeKey(3).ulid] }));
  });

  it('offers only the legal actions of each state', async () => {
    serveKeys([
      makeKey(1, 'generated'),
      makeKey(2, 'exported'),
      makeKey(3, 'activated'),
      makeKey(4, 'blocked'),
    ]);
    const user = userEvent.setup();
    renderApp('/product-keys', technician());
    const expected: [number, string[]][] = [
      [1, ['Block', 'Regenerate the key']],
      [2, ['Block', 'Regenerate the key']],
      [3, ['Unlink from the user']],
      [4, ['Set back to generated', 'Regenerate the key']],
    ];
    for (const [n, actions] of expected) {
      await user.click(
        await screen.findByRole('button', {
          name: `Actions for the key HEPA_COCOON-00000${n}`,
        }),
      );
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(actions);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
    }
  });

  it('blocks a key, and shows cannot_change_status when the server refuses', async () => {
    serveKeys([makeKey(1, 'generated'), makeKey(2, 'exported')]);
    const bodies: unknown[] = [];
    server.use(
      http.patch('/api/product_keys/:id', async ({ request, params }) => {
        bodies.push(await request.json());
        if (params.id === makeKey(2).ulid)
          return HttpResponse.json(hydraError(409, 'cannot_change_status'), { status: 409 });
        return HttpResponse.json({ ...makeKey(1), state: 'blocked' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/product-keys', technician());
    await user.click(
      await screen.findByRole('button', { name: 'Actions for the key HEPA_COCOON-000001' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('The key HEPA_COCOON-000001 is blocked')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Actions for the key HEPA_COCOON-000002' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('This key cannot change to that state')).toBeInTheDocument();
    expect(bodies).toEqual([{ state: 'blocked' }, { state: 'blocked' }]);
  });

  it('regenerates and unlinks only after confirmation', async () => {
    serveKeys([makeKey(1, 'exported'), makeKey(3, 'activated')]);
    const calls: string[] = [];
    server.use(
      http.post('/api/product_keys/:id/regenerate', ({ params }) => {
        calls.push(`regenerate ${String(params.id)}`);
        return HttpResponse.json({ ...makeKey(1), state: 'generated' });
      }),
      http.post('/api/product_keys/:id/unlink', ({ params }) => {
        calls.push(`unlink ${String(params.id)}`);
        return HttpResponse.json({ ...makeKey(3), state: 'exported', user: null });
      }),
    );
    const user = userEvent.setup();
    renderApp('/product-keys', technician());
    await user.click(
      await screen.findByRole('button', { name: 'Actions for the key HEPA_COCOON-000001' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Regenerate the key' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(
      screen.getByRole('button', { name: 'Actions for the key HEPA_COCOON-000003' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Unlink from the user' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(
      await screen.findByText('The key HEPA_COCOON-000003 is unlinked from its user'),
    ).toBeInTheDocument();
    expect(calls).toEqual([`unlink ${makeKey(3).ulid}`]);
  });
});
