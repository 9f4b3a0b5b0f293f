import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TranslationRow } from '@aircloud/shared/translations';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

const admin = makeMe({ role: 'ROLE_ADMIN' });

function rows(): TranslationRow[] {
  const many: TranslationRow[] = Array.from({ length: 120 }, (_, i) => ({
    key: `demo.key-${String(i).padStart(3, '0')}`,
    base: { fr: `Texte ${i}`, en: `Text ${i}`, de: `Text ${i}`, es: `Texto ${i}`, zh: `文本 ${i}` },
    overrides: {},
  }));
  many.push({
    key: 'demo.only-english',
    base: { fr: 'Seulement', en: 'Only English', zh: '仅' },
    overrides: {},
  });
  many.push({
    key: 'nav.purifiers',
    base: {
      fr: 'Purificateurs',
      en: 'Purifiers',
      de: 'Luftreiniger',
      es: 'Purificadores',
      zh: '净化器',
    },
    overrides: {},
  });
  return many;
}

/** The translations API over `rows`, recording the writes. */
function translationsServer() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const data = rows();
  server.use(
    http.get('/api/translations', () =>
      HttpResponse.json({
        '@context': '/api/contexts/Translation',
        '@id': '/api/translations',
        '@type': 'hydra:Collection',
        'hydra:member': data,
        'hydra:totalItems': data.length,
      }),
    ),
    http.put('/api/translations/:lang/:key', async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      writes.push({ method: 'PUT', url: new URL(request.url).pathname, body });
      return HttpResponse.json({
        '@type': 'TranslationOverride',
        lang: params.lang,
        key: params.key,
        text: body.text,
        updated_at: '2026-01-01T00:00:00Z',
      });
    }),
  );
  return writes;
}

describe('translations screen', () => {
  it('shows the 403 message to a user who is not an administrator, asking nothing', async () => {
    renderApp('/translations', signedIn(makeMe({ role: 'ROLE_USER' })));
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages the keys and filters those missing in the chosen language', async () => {
    translationsServer();
    const user = userEvent.setup();
    renderApp('/translations', signedIn(admin));
    const table = await screen.findByRole('table');
    // 122 keys, 50 per page, five language columns.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    expect(screen.getByText('50 displayed of 122')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Language'), 'Deutsch (1 missing)');
    await user.click(screen.getByLabelText('Missing only'));
    const filtered = await screen.findByRole('table');
    const bodyRows = within(filtered).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(1);
    expect(within(bodyRows[0]!).getByText('demo.only-english')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('Missing')).toBeInTheDocument();
    expect(
      within(filtered)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Key', 'Deutsch']);

    await user.selectOptions(screen.getByLabelText('Language'), 'English (0 missing)');
    expect(await screen.findByText('No key matches these filters')).toBeInTheDocument();
  });

  it('searches by text', async () => {
    translationsServer();
    const user = userEvent.setup();
    renderApp('/translations', signedIn(admin));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search a key or a text'), 'Luftreiniger');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByText('nav.purifiers')).toBeInTheDocument();
  });

  it('edits a text in place, saves the override and shows it in the interface', async () => {
    const writes = translationsServer();
    const user = userEvent.setup();
    renderApp('/translations', signedIn(admin));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search a key or a text'), 'nav.purifiers');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );

    await user.click(screen.getByRole('button', { name: 'Edit nav.purifiers in English' }));
    const box = screen.getByRole('textbox', { name: 'Edit nav.purifiers in English' });
    await user.clear(box);
    await user.type(box, 'Air purifiers');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      url: '/api/translations/en/nav.purifiers',
      body: { text: 'Air purifiers' },
    });
    expect(await screen.findByText('Modified')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Edit nav.purifiers/ })).not.toBeInTheDocument();
    // This tab's interface uses the new text at once.
    expect(i18n.t('nav.purifiers')).toBe('Air purifiers');
    i18n.addResourceBundle('en', 'translation', { nav: { purifiers: 'Purifiers' } }, true, true);
  });
});
