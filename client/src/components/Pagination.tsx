import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@aircloud/shared/constants';

/**
 * Page navigation of a hydra collection: 'displayed of total' (a plural on `displayed`) and
 * previous / next buttons. Nothing when everything fits on the first page. `page` starts at 1;
 * `displayed` is the number of items on this page.
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
  if (pages === 1 && page === 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pagination.label')}>
      <p className="pagination__count" aria-live="polite">
        {t('common.pagination.displayed-of-total', { count: displayed, total })}
      </p>
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
