import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@aircloud/shared/constants';

/**
 * Page navigation of a hydra collection: 'displayed of total' (a plural on `displayed`; spec
 * section 2 shows it under every list) and previous / next buttons, which only show when there
 * is more than one page. `page` starts at 1; `displayed` is the number of items on this page.
 */
export function Pagination({
  page,
  total,
  displayed,
  pageSize = PAGE_SIZE,
  onPage,
}: {
  page: number;
  total: number;
  displayed: number;
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const count = (
    <p className="pagination__count" aria-live="polite">
      {t('common.pagination.displayed-of-total', { count: displayed, total })}
    </p>
  );
  if (pages === 1 && page === 1)
    return total > 0 ? <div className="pagination">{count}</div> : null;
  return (
    <nav className="pagination" aria-label={t('common.pagination.label')}>
      {count}
      <div className="pagination__pages">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('common.pagination.previous')}
        </button>
        <span className="pagination__page">{t('common.pagination.page', { page, pages })}</span>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('common.pagination.next')}
        </button>
      </div>
    </nav>
  );
}
