import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuditLogEntry } from '@aircloud/shared/audit-log';
import type { User } from '@aircloud/shared/users';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { parisDayBound } from './AuditLogPage.tsx';

const admin = makeMe({ role: 'ROLE_ADMIN' });
const ACTOR = '01JACTOR000000000000000001';

function makeEntry(n: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  const ulid = `01JAUDIT${String(n).padStart(18, '0')}`;
  return {
    '@id': `/api/audit_log/${ulid}`,
    '@type': 'AuditLogEntry',
    ulid,
    created_at: '2026-11-20T08:30:00Z',
    actor: `/api/users/${ACTOR}`,
    actor_email: 'root@example.com',
    actor_name: 'Grace Hopper',
    action: 'user_role_changed',
    target_type: 'user',
    target_id: '01JTARGET00000000000000001',
    target_label: `user${n}@example.com`,
    change: { role: { from: 'ROLE_USER', to: 'ROLE_TECHNICIAN' } },
    ...overrides,
  };
}

/**
 * Serves the log (`total` entries in all, `members` on the page) and records each query; the
 * answers wait for `gate` when given.
 */
function serveLog(members: AuditLogEntry[], total = members.length, gate?: Promise<void>) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/audit_log', async ({ request }) => {
      await gate;
      const params = new URL(request.url).searchParams;
      if (params.get('format') === 'csv')
        return new HttpResponse('date,actor_email\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      queries.push(params);
      return HttpResponse.json({
        '@context': '/api/contexts/AuditLogEntry',
        '@id': '/api/audit_log',
        '@type': 'hydra:Collection',
        'hydra:member': members,
        'hydra:totalItems': total,
      });
    }),
    http.get('/api/users', ({ request }) => {
      const role = new URL(request.url).searchParams.get('role');
      const member = {
        ulid: role === 'ROLE_ADMIN' ? ACTOR : '01JTECH0000000000000000001',
        firstname: role === 'ROLE_ADMIN' ? 'Grace' : 'Tim',
        lastname: role === 'ROLE_ADMIN' ? 'Hopper' : 'Tech',
        email: role === 'ROLE_ADMIN' ? 'root@example.com' : 'tech@example.com',
      } as User;
      return HttpResponse.json({
        '@id': '/api/users',
        '@type': 'hydra:Collection',
        'hydra:member': [member],
        'hydra:totalItems': 1,
      });
    }),
  );
  return queries;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('audit log page', () => {
  it('is refused to technicians without asking the server', async () => {
    renderApp('/audit-log', signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    expect(
      await screen.findByText('The audit log is reserved for administrators.'),
    ).toBeInTheDocument();
  });

  it('shows its loading state, then date, actor, action, target and change of each entry', async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    serveLog(
      [
        makeEntry(1),
        makeEntry(2, {
          action: 'product_key_regenerated',
          target_type: 'product_key',
          target_label: 'HEPA_COCOON-000042',
          change: { key: { from: '[hidden]', to: '[hidden]' } },
        }),
        makeEntry(3, { action: 'user_viewed_as', change: {} }),
      ],
      3,
      gate,
    );
    renderApp('/audit-log', signedIn(admin));
    expect(await screen.findByText('Loading the audit log…')).toBeInTheDocument();
    open();
    const table = await screen.findByRole('table');
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('20/11/2026 09:30');
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first).toHaveTextContent('root@example.com');
    expect(first).toHaveTextContent('Role changed');
    expect(first).toHaveTextContent('User');
    expect(first).toHaveTextContent('user1@example.com');
    expect(first).toHaveTextContent('role');
    expect(first).toHaveTextContent('ROLE_USER → ROLE_TECHNICIAN');
    expect(second).toHaveTextContent('Key regenerated');
    expect(second).toHaveTextContent('(hidden) → (hidden)');
    expect(third).toHaveTextContent('Products viewed as the user');
    expect(third).toHaveTextContent('No field changed');
    // Each cell carries its column name, for the cards of a phone screen.
    expect(within(first!).getByText('Grace Hopper').closest('td')).toHaveAttribute(
      'data-label',
      'Actor',
    );
    expect(screen.getByText('3 displayed of 3')).toBeInTheDocument();
  });

  it('filters by actor, action, target type and dates, and clears the filters', async () => {
    const queries = serveLog([makeEntry(1)]);
    const user = userEvent.setup();
    renderApp('/audit-log', signedIn(admin));
    await screen.findByRole('table');
    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Role changed');
    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('user_role_changed'));
    await user.selectOptions(within(filters).getByLabelText('Target'), 'Product key');
    await waitFor(() => expect(queries.at(-1)?.get('target_type')).toBe('product_key'));
    await user.selectOptions(
      await within(filters)
        .findByRole('option', { name: 'Tim Tech · tech@example.com' })
        .then((option) => option.closest('select')!),
      'Tim Tech · tech@example.com',
    );
    await waitFor(() => expect(queries.at(-1)?.get('actor')).toBe('01JTECH0000000000000000001'));
    await user.type(within(filters).getByLabelText('From'), '01/11/2026');
    await user.tab();
    // The first instant of 1 November in Paris (UTC+1 then).
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-10-31T23:00:00.000Z'));
    const last = queries.at(-1)!;
    expect(last.get('action')).toBe('user_role_changed');
    expect(last.get('page')).toBe('1');

    await user.click(within(filters).getByRole('button', { name: 'Clear the filters' }));
    // Back to the unfiltered log (answered from the cache: no query of its own).
    await waitFor(() => expect(within(filters).getByLabelText('Action')).toHaveValue(''));
    expect(within(filters).getByLabelText('Target')).toHaveValue('');
    expect(within(filters).getByLabelText('Actor')).toHaveValue('');
    await waitFor(() => expect(within(filters).getByLabelText('From')).toHaveValue(''));
    expect(
      within(filters).queryByRole('button', { name: 'Clear the filters' }),
    ).not.toBeInTheDocument();
  });

  it('pages through the log, 30 entries a page', async () => {
    const queries = serveLog(
      Array.from({ length: 30 }, (_, i) => makeEntry(i + 1)),
      31,
    );
    const user = userEvent.setup();
    renderApp('/audit-log', signedIn(admin));
    await screen.findByRole('table');
    expect(screen.getByText('30 displayed of 31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
  });

  it('exports the filtered log as CSV', async () => {
    serveLog([makeEntry(1)]);
    let exported: URLSearchParams | null = null;
    server.use(
      http.get('/api/audit_log', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('format') !== 'csv') return undefined;
        exported = params;
        return new HttpResponse('date,actor_email\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/audit-log?action=firmware_imported', signedIn(admin));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText('The audit log has been exported')).toBeInTheDocument();
    expect(exported!.get('action')).toBe('firmware_imported');
    expect(exported!.get('page')).toBeNull();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says when nothing was recorded, and when nothing matches the filters', async () => {
    serveLog([]);
    const first = renderApp('/audit-log', signedIn(admin));
    expect(await screen.findByText('No entry')).toBeInTheDocument();
    expect(screen.getByText('No administrative change has been recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    first.unmount();
    renderApp('/audit-log?target_type=firmware', signedIn(admin));
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
  });
});

describe('parisDayBound', () => {
  it('gives the first and last instant of a day in Paris, across a change of time', () => {
    expect(parisDayBound('2026-07-14')).toBe('2026-07-13T22:00:00.000Z');
    expect(parisDayBound('2026-07-14', true)).toBe('2026-07-14T21:59:59.999Z');
    expect(parisDayBound('2026-10-25', true)).toBe('2026-10-25T22:59:59.999Z');
    expect(parisDayBound('not a day')).toBeUndefined();
  });
});
