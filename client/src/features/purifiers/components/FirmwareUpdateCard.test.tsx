import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PurifierFirmwareUpdate } from '@aircloud/shared/firmware-rollouts';
import type { Purifier } from '@aircloud/shared/purifiers';
import { makeMe } from '../../../test/fixtures.ts';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { ROLLOUT_ULID } from '../../../test/rolloutFixtures.ts';
import { server } from '../../../test/server.ts';

const SETTINGS = `/purifiers/${PURIFIER_ULID}/settings`;

function update(overrides: Partial<PurifierFirmwareUpdate> = {}): PurifierFirmwareUpdate {
  return {
    rollout: ROLLOUT_ULID,
    version: '2.5.0',
    status: 'in_progress',
    phase: 'downloading',
    reason: null,
    rollout_status: 'rolling',
    sent_at: '2026-11-27T08:01:00Z',
    finished_at: null,
    ...overrides,
  };
}

function servePurifier(overrides: Partial<Purifier>) {
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () =>
      HttpResponse.json(makePurifier({ soft_version: '2.4.1', ...overrides })),
    ),
    http.get(`/api/purifiers/${PURIFIER_ULID}/maintenance_events`, () =>
      HttpResponse.json(hydra([])),
    ),
  );
}

describe('firmware update of the settings tab', () => {
  it('shows the owner where the update stands, read-only', async () => {
    servePurifier({ firmware_update: update() });
    renderApp(SETTINGS, signedIn(makeMe()));
    const card = await screen.findByRole('region', { name: 'Firmware update' });
    expect(within(card).getByText('2.5.0')).toBeInTheDocument();
    expect(within(card).getByText('Downloading 2.5.0')).toBeInTheDocument();
    expect(within(card).getByText('Rolling out')).toBeInTheDocument();
    expect(within(card).getByText('Finished').nextSibling).toHaveTextContent('—');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why it failed, and gives technicians the rollout’s page', async () => {
    servePurifier({
      firmware_update: update({
        status: 'failed',
        phase: null,
        reason: 'hash_mismatch',
        rollout_status: 'paused',
        finished_at: '2026-11-27T08:04:00Z',
      }),
    });
    renderApp(SETTINGS, signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    const card = await screen.findByRole('region', { name: 'Firmware update' });
    expect(within(card).getByText('Failed: hash_mismatch')).toBeInTheDocument();
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the rollout' })).toHaveAttribute(
      'href',
      `/fleet/rollouts/${ROLLOUT_ULID}`,
    );
  });

  it('reads "Installed" and "Timed out" for updates that ended', async () => {
    servePurifier({ firmware_update: update({ status: 'succeeded', phase: null }) });
    const { unmount } = renderApp(SETTINGS, signedIn(makeMe()));
    expect(await screen.findByText('Installed')).toBeInTheDocument();
    unmount();
    servePurifier({ firmware_update: update({ status: 'timed_out', phase: 'installing' }) });
    renderApp(SETTINGS, signedIn(makeMe()));
    expect(await screen.findByText('Timed out')).toBeInTheDocument();
  });

  it('is absent when the purifier was never in a rollout', async () => {
    servePurifier({ firmware_update: null });
    renderApp(SETTINGS, signedIn(makeMe()));
    expect(await screen.findByText('Software version')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Firmware update' })).not.toBeInTheDocument();
  });
});
