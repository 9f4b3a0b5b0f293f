import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { Pagination } from './Pagination.tsx';

function renderIn(lang: string, props: { page: number; total: number; displayed: number }) {
  const t = i18n.cloneInstance({ lng: lang });
  return render(
    <I18nextProvider i18n={t}>
      <Pagination pageSize={20} onPage={() => undefined} {...props} />
    </I18nextProvider>,
  );
}

describe('Pagination', () => {
  it('shows only the count when everything fits on one page, nothing for an empty list', () => {
    renderIn('en', { page: 1, total: 3, displayed: 3 });
    expect(screen.getByText('3 displayed of 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing under an empty list', () => {
    const { container } = renderIn('en', { page: 1, total: 0, displayed: 0 });
    expect(container).toBeEmptyDOMElement();
  });

  it('is shown on a second page, even when it alone holds the rest', () => {
    renderIn('en', { page: 2, total: 21, displayed: 1 });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByText('1 displayed of 21')).toBeInTheDocument();
  });

  it('says the count with the plural of each language', () => {
    renderIn('fr', { page: 2, total: 21, displayed: 1 });
    expect(screen.getByText('1 affiché sur 21')).toBeInTheDocument();
  });

  it('uses the French plural from two items', () => {
    renderIn('fr', { page: 1, total: 45, displayed: 20 });
    expect(screen.getByText('20 affichés sur 45')).toBeInTheDocument();
  });

  it('uses the only form Chinese has for one item', () => {
    renderIn('zh', { page: 2, total: 21, displayed: 1 });
    expect(screen.getByText('显示 1 / 共 21')).toBeInTheDocument();
  });
});
