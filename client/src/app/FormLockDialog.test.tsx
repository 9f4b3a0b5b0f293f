import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { i18n } from '../lib/i18n/i18n.ts';
import { setRouter } from '../lib/navigation/navigator.ts';
import { useFormLock } from '../lib/navigation/useFormLock.ts';
import { FormLockDialog } from './FormLockDialog.tsx';
import { createAppStore } from './store.ts';

function DirtyForm() {
  useFormLock(true);
  return (
    <>
      <h1>Parameters</h1>
      <Link to="/purifiers/p1/schedule">Schedule tab</Link>
      <Link to="/sensors">Sensors</Link>
    </>
  );
}

function renderLocked() {
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <FormLockDialog />
          </>
        ),
        children: [
          {
            path: '/purifiers/p1/parameters',
            handle: { name: 'PurifierDetail' },
            element: <DirtyForm />,
          },
          {
            path: '/purifiers/p1/schedule',
            handle: { name: 'PurifierDetail' },
            element: <p>schedule tab</p>,
          },
          { path: '/sensors', handle: { name: 'SensorList' }, element: <p>sensors page</p> },
        ],
      },
    ],
    { initialEntries: ['/purifiers/p1/parameters'] },
  );
  setRouter(router as never);
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

describe('leaving a form with unsaved changes', () => {
  it('asks "Discard and leave" or "Stay"; Stay keeps the form and its lock', async () => {
    await i18n.changeLanguage('en');
    const { store, router } = renderLocked();
    await userEvent.click(screen.getByRole('link', { name: 'Sensors' }));
    const dialog = await screen.findByRole('alertdialog', { name: /leave without saving/i });
    expect(dialog).toHaveTextContent('Your unsaved changes will be lost.');
    expect(router.state.location.pathname).toBe('/purifiers/p1/parameters');
    // No red toast any more: the question is the only feedback.
    expect(store.getState().notifications.items).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/purifiers/p1/parameters');
    expect(screen.getByRole('heading', { name: 'Parameters' })).toBeInTheDocument();
    expect(store.getState().session.formLock).toBe(true);
  });

  it('goes where the user wanted to go after "Discard and leave"', async () => {
    await i18n.changeLanguage('en');
    const { store, router } = renderLocked();
    await userEvent.click(screen.getByRole('link', { name: 'Sensors' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('sensors page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sensors');
    expect(store.getState().session.formLock).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks too when switching to another tab of the same purifier', async () => {
    await i18n.changeLanguage('en');
    const { router } = renderLocked();
    await userEvent.click(screen.getByRole('link', { name: 'Schedule tab' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/purifiers/p1/parameters');
    await userEvent.click(screen.getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('schedule tab')).toBeInTheDocument();
  });

  it('speaks French in French', async () => {
    await i18n.changeLanguage('fr');
    renderLocked();
    await userEvent.click(screen.getByRole('link', { name: 'Sensors' }));
    expect(
      await screen.findByRole('button', { name: 'Abandonner et quitter' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rester' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
