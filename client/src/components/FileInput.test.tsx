import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../lib/i18n/i18n.ts';
import { AvatarInput, NO_AVATAR_CHANGE } from './AvatarInput.tsx';
import { FileInput } from './FileInput.tsx';

describe('file input', () => {
  it('says "no file chosen" in the interface language, then the picked name', async () => {
    await i18n.changeLanguage('fr');
    try {
      const user = userEvent.setup();
      render(
        <>
          <label htmlFor="f">Fichier CSV</label>
          <FileInput id="f" accept=".csv" />
        </>,
      );
      expect(screen.getByText('Choisir un fichier')).toBeInTheDocument();
      const input = screen.getByLabelText('Fichier CSV');
      expect(input).toHaveAccessibleDescription('Aucun fichier choisi');
      await user.upload(input, new File(['a;b'], 'mesures.csv', { type: 'text/csv' }));
      expect(input).toHaveAccessibleDescription('mesures.csv');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the file its owner keeps (none after a reset)', () => {
    const { rerender } = render(
      <FileInput id="f" file={new File(['x'], 'cocoon.bin')} aria-label="Firmware" />,
    );
    expect(screen.getByText('cocoon.bin')).toBeInTheDocument();
    rerender(<FileInput id="f" file={null} aria-label="Firmware" />);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });
});

describe('avatar input', () => {
  it('shows the initials, not the alt text, when the stored image cannot be drawn', () => {
    render(
      <AvatarInput
        id="a"
        currentUrl="/api/media_objects/01JMEDIA000000000000000000/content"
        initials="AL"
        choice={NO_AVATAR_CHANGE}
        onChange={() => undefined}
        onRefused={() => undefined}
      />,
    );
    const circle = screen.getByTestId('avatar-preview');
    fireEvent.error(circle.querySelector('img')!);
    expect(circle.querySelector('img')).toBeNull();
    expect(circle).toHaveTextContent('AL');
  });
});
