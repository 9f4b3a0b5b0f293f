import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FIRMWARE_MAX_BYTES, type Firmware } from '@aircloud/shared/firmware';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

const tech = makeMe({ role: 'ROLE_TECHNICIAN' });

function makeFirmware(n: number, overrides: Partial<Firmware> = {}): Firmware {
  const ulid = `01JFIRMWARE${String(n).padStart(15, '0')}`;
  return {
    '@id': `/api/firmwares/${ulid}`,
    '@type': 'Firmware',
    ulid,
    name: `Cocoon ${n}.0`,
    version: `${n}.0.0`,
    models: ['HEPA_COCOON', 'HEPA_COCOON_SYMPHONIE'],
    file_name: `cocoon-${n}.bin`,
    size: 12_900_000,
    sha256: 'ab'.repeat(32),
    content_type: 'application/octet-stream',
    created_at: '2026-03-04T09:05:00Z',
    public_url: `http://localhost/firmware/${ulid}/cocoon-${n}.bin`,
    uploaded_by: null,
    ...overrides,
  };
}

function serveFirmwares(list: Firmware[]) {
  server.use(
    http.get('/api/firmwares', () =>
      HttpResponse.json({
        '@context': '/api/contexts/Firmware',
        '@id': '/api/firmwares',
        '@type': 'hydra:Collection',
        'hydra:member': list,
        'hydra:totalItems': list.length,
      }),
    ),
  );
}

describe('firmware list', () => {
  it('is refused to plain users without asking the server', async () => {
    renderApp('/firmware', signedIn(makeMe()));
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(
      screen.getByText('Firmware management is reserved for technicians and administrators.'),
    ).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serveFirmwares([]);
    renderApp('/firmware', signedIn(tech));
    expect(await screen.findByText('No firmware yet')).toBeInTheDocument();
  });

  it('lists name, version, models, import date, file and size, and copies the public URL with a check icon', async () => {
    const firmware = makeFirmware(1);
    serveFirmwares([firmware]);
    const user = userEvent.setup();
    renderApp('/firmware', signedIn(tech));
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Cocoon 1.0');
    expect(within(row).getByText('1.0.0')).toBeInTheDocument();
    expect(within(row).getByText('HEPA Cocoon')).toBeInTheDocument();
    expect(within(row).getByText('HEPA Cocoon Symphonie')).toBeInTheDocument();
    expect(row).toHaveTextContent('04/03/2026 10:05');
    expect(row).toHaveTextContent('cocoon-1.bin');
    expect(row).toHaveTextContent('12.3 MB');
    expect(within(row).getByRole('link', { name: firmware.public_url })).toHaveAttribute(
      'href',
      firmware.public_url,
    );

    await user.click(
      within(row).getByRole('button', { name: 'Copy the public URL of Cocoon 1.0' }),
    );
    const copied = await within(row).findByRole('button', { name: 'Public URL copied' });
    expect(copied).toHaveClass('is-copied');
    expect(await navigator.clipboard.readText()).toBe(firmware.public_url);
  });

  it('deletes a file after confirmation', async () => {
    let list = [makeFirmware(1), makeFirmware(2)];
    server.use(
      http.get('/api/firmwares', () =>
        HttpResponse.json({
          '@id': '/api/firmwares',
          '@type': 'hydra:Collection',
          'hydra:member': list,
          'hydra:totalItems': list.length,
        }),
      ),
      http.delete('/api/firmwares/:id', ({ params }) => {
        list = list.filter((f) => f.ulid !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/firmware', signedIn(tech));
    await user.click(await screen.findByRole('button', { name: 'Delete Cocoon 2.0' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete the firmware Cocoon 2.0?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The firmware Cocoon 2.0 has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cocoon 2.0')).not.toBeInTheDocument());
    expect(screen.getByText('Cocoon 1.0')).toBeInTheDocument();
  });
});

describe('firmware import form', () => {
  it('requires a name, a version, a model and a file, and refuses a file over 200 MB before sending it', async () => {
    serveFirmwares([]);
    const user = userEvent.setup();
    renderApp('/firmware', signedIn(tech));
    await user.click((await screen.findAllByRole('button', { name: 'Import a firmware' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import a firmware' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('The name is required')).toBeInTheDocument();
    // Version, models and file.
    expect(within(dialog).getAllByText('Value is required')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText('Name'), 'Cocoon 3.1');
    await user.type(within(dialog).getByLabelText('Version'), 'v3.1');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      within(dialog).getByText(
        'Enter a version such as 2.4.1: numbers separated by dots, optionally followed by a suffix such as -beta.2',
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Version'));
    await user.type(within(dialog).getByLabelText('Version'), '3.1.0');
    const models = within(dialog).getByRole('group', { name: 'Purifier models' });
    await user.click(within(models).getByRole('checkbox', { name: 'HEPA Cocoon' }));
    const big = new File(['x'], 'huge.bin', { type: 'application/octet-stream' });
    Object.defineProperty(big, 'size', { value: FIRMWARE_MAX_BYTES + 1 });
    await user.upload(within(dialog).getByLabelText('File'), big);
    expect(within(dialog).getByText('The file must not exceed 200 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // Nothing was posted: an unhandled POST would fail the test.
    expect(within(dialog).getByText('The file must not exceed 200 MB')).toBeInTheDocument();
    expect(within(dialog).queryByText('The name is required')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Value is required')).not.toBeInTheDocument();
  });

  it('uploads name, version, models and file, shows the progress, then the new file in the list', async () => {
    let list: Firmware[] = [];
    let received: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/firmwares', () =>
        HttpResponse.json({
          '@id': '/api/firmwares',
          '@type': 'hydra:Collection',
          'hydra:member': list,
          'hydra:totalItems': list.length,
        }),
      ),
      http.post('/api/firmwares', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        // jsdom's XMLHttpRequest does not keep the File itself (name, bytes): only that it came.
        received = {
          name: form.get('name'),
          version: form.get('version'),
          models: form.get('models'),
          file: form.has('file') && file !== null,
        };
        const created = makeFirmware(7, { name: String(form.get('name')) });
        list = [created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/firmware', signedIn(tech));
    await user.click((await screen.findAllByRole('button', { name: 'Import a firmware' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import a firmware' });
    await user.type(within(dialog).getByLabelText('Name'), 'Cocoon 7.0');
    await user.type(within(dialog).getByLabelText('Version'), '7.0.0-rc.1');
    // Ticked out of order, sent in the models' order.
    await user.click(within(dialog).getByRole('checkbox', { name: 'HEPA Dome black' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'HEPA Bulle white' }));
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['firmware bytes'], 'cocoon-7.bin', { type: 'application/octet-stream' }),
    );
    expect(within(dialog).getByText('cocoon-7.bin · 14 bytes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The firmware Cocoon 7.0 has been imported'),
    ).toBeInTheDocument();
    expect(received).toEqual({
      name: 'Cocoon 7.0',
      version: '7.0.0-rc.1',
      models: 'HEPA_BULLE_WHITE,HEPA_DOME_BLACK',
      file: true,
    });
    expect(await screen.findByRole('cell', { name: 'Cocoon 7.0' })).toBeInTheDocument();
  });
});
