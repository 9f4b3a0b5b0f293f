import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Purifier } from '@aircloud/shared/purifiers';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

const PARAMETERS = `/purifiers/${PURIFIER_ULID}/parameters`;

function servePurifier(overrides: Partial<Purifier> = {}) {
  let purifier = makePurifier(overrides);
  const patches: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(purifier)),
    http.patch(`/api/purifiers/${PURIFIER_ULID}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      purifier = { ...purifier, ...body } as Purifier;
      return HttpResponse.json(purifier);
    }),
  );
  return patches;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the usual number of people in the room', () => {
  it('is optional: an empty field sends nothing, a number is saved', async () => {
    const patches = servePurifier();
    const user = userEvent.setup();
    renderApp(PARAMETERS, signedIn(makeMe()));
    const field = await screen.findByLabelText('Usual number of people in the room');
    expect(field).toHaveValue('');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The parameters have been saved')).toBeInTheDocument();
    expect(patches).toEqual([{ occupants: 12 }]);
  });

  it('is cleared with an empty field (null)', async () => {
    const patches = servePurifier({ occupants: 25 });
    const user = userEvent.setup();
    renderApp(PARAMETERS, signedIn(makeMe()));
    const field = await screen.findByLabelText('Usual number of people in the room');
    expect(field).toHaveValue('25');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The parameters have been saved')).toBeInTheDocument();
    expect(patches).toEqual([{ occupants: null }]);
  });

  it('says what is wrong under the field, in the form’s words, and sends nothing', async () => {
    const patches = servePurifier();
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderApp(PARAMETERS, signedIn(makeMe()));
    const field = await screen.findByLabelText('Nombre habituel de personnes dans la pièce');
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La valeur est incorrecte. Minimum 1.')).toHaveAttribute(
      'id',
      'pp-occupants-error',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '1001');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La valeur maximale autorisée est 1000')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '2,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/nombre entier/)).toBeInTheDocument();
    expect(patches).toEqual([]);
  });
});
