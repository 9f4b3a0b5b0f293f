import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorRouteOf,
  ListError,
  ListLoading,
  LoadErrorRoute,
} from '../../../components/ListState.tsx';
import type { ProductKey, ProductKeyFilter } from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useExportProductKeysMutation, useListProductKeysQuery } from '../api/productKeysApi.ts';
import { saveTextFile } from '../../../lib/saveTextFile.ts';
import { csvRowCount, todayStamp } from '../downloadFile.ts';
import { KEY_STATE_PILL } from '../keyActions.ts';
import { KeyRowActions } from './KeyRowActions.tsx';

/** The keys picked for export: some ids, or every key matching the filter. */
interface Selection {
  ids: Set<string>;
  allMatching: boolean;
}
const NOTHING: Selection = { ids: new Set(), allMatching: false };

function withoutEmpty(filter: ProductKeyFilter): ProductKeyFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as ProductKeyFilter;
}

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="checkbox"
      checked={checked}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The key table of one filter: selection, export, row actions, pagination. */
export function ProductKeyList({
  filter,
  page,
  filtered,
  onPage,
  onClearFilters,
  onGenerate,
}: {
  filter: ProductKeyFilter;
  page: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onClearFilters: () => void;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const { data, error, isLoading, isFetching, refetch } = useListProductKeysQuery({
    ...filter,
    page,
  });
  const [exportKeys, { isLoading: exporting }] = useExportProductKeysMutation();

  const keys: ProductKey[] = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const pageIds = keys.map((k) => k.ulid);
  const isSelected = (id: string) => selection.allMatching || selection.ids.has(id);
  const pageSelected = pageIds.length > 0 && pageIds.every(isSelected);
  const somePageSelected = pageIds.some(isSelected);
  const selectedCount = selection.allMatching ? total : selection.ids.size;

  const togglePage = (checked: boolean) => {
    const ids = new Set(selection.allMatching ? [] : selection.ids);
    for (const id of pageIds) {
      if (checked) ids.add(id);
      else ids.delete(id);
    }
    setSelection({ ids, allMatching: false });
  };

  const toggleRow = (id: string, checked: boolean) => {
    // Leaving "all matching": keep this page selected except the row just unticked.
    const ids = new Set(selection.allMatching ? pageIds : selection.ids);
    if (checked) ids.add(id);
    else ids.delete(id);
    setSelection({ ids, allMatching: false });
  };

  const runExport = async () => {
    const body = selection.allMatching
      ? { filter: withoutEmpty(filter) }
      : { ids: [...selection.ids] };
    const result = await exportKeys(body);
    if ('error' in result) {
      dispatch(notifyError(errorMessageKey(result.error)));
      return;
    }
    const file = `product-keys-${todayStamp()}.csv`;
    saveTextFile(result.data, file);
    dispatch(notifyInfo('product-keys.export.success', { count: csvRowCount(result.data), file }));
    setSelection(NOTHING);
  };

  if (isLoading) {
    return <ListLoading />;
  }
  // A 404 or 5xx opens the Error route, also when an earlier page is still shown.
  if (errorRouteOf(error)) return <LoadErrorRoute error={error} />;
  if (error && !data) {
    return (
      <ListError
        title={t('product-keys.load-error')}
        error={error}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
      />
    );
  }
  if (total === 0) {
    return (
      <div className="card list-state">
        <span className="list-state__badge">
          <Icon name="key" size={28} />
        </span>
        {filtered ? (
          <>
            <h2>{t('product-keys.empty.no-match')}</h2>
            <Button variant="secondary" onClick={onClearFilters}>
              {t('product-keys.empty.clear-filters')}
            </Button>
          </>
        ) : (
          <>
            <h2>{t('product-keys.empty.title')}</h2>
            <p className="muted">{t('product-keys.empty.text')}</p>
            <Button onClick={onGenerate}>
              <Icon name="plus" size={18} />
              {t('product-keys.generate.button')}
            </Button>
          </>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="selection-bar" aria-live="polite">
        <span className="selection-bar__count">
          {t('product-keys.selection.count', { count: selectedCount })}
        </span>
        {selection.allMatching ? (
          <span>
            {t('product-keys.selection.all-matching', { count: total })}{' '}
            <button type="button" className="link-button" onClick={() => setSelection(NOTHING)}>
              {t('product-keys.selection.clear')}
            </button>
          </span>
        ) : pageSelected && total > pageIds.length ? (
          <span>
            {t('product-keys.selection.page-all', { count: pageIds.length })}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => setSelection({ ids: new Set(), allMatching: true })}
            >
              {t('product-keys.selection.select-matching', { count: total })}
            </button>
          </span>
        ) : selectedCount > 0 ? (
          <button type="button" className="link-button" onClick={() => setSelection(NOTHING)}>
            {t('product-keys.selection.clear')}
          </button>
        ) : null}
        <Button
          className="selection-bar__export"
          variant="secondary"
          disabled={selectedCount === 0}
          loading={exporting}
          onClick={() => void runExport()}
        >
          <Icon name="download" size={18} />
          {selectedCount > 0
            ? t('product-keys.export.button-count', { count: selectedCount })
            : t('product-keys.export.button')}
        </Button>
      </div>
      <div className={`table-wrap${isFetching ? ' is-refreshing' : ''}`}>
        <table className="data-table key-table">
          <thead>
            <tr>
              <th className="cell-check">
                <Checkbox
                  checked={pageSelected}
                  indeterminate={!pageSelected && somePageSelected}
                  label={t('product-keys.select-page')}
                  onChange={togglePage}
                />
              </th>
              <th>{t('product-keys.columns.serial')}</th>
              <th>{t('product-keys.columns.key')}</th>
              <th>{t('product-keys.columns.model')}</th>
              <th>{t('product-keys.columns.state')}</th>
              <th>{t('product-keys.columns.account')}</th>
              <th>{t('product-keys.columns.updated')}</th>
              <th className="cell-actions">
                <span className="visually-hidden">{t('product-keys.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.ulid} className={isSelected(key.ulid) ? 'is-selected' : undefined}>
                <td className="cell-check">
                  <Checkbox
                    checked={isSelected(key.ulid)}
                    label={t('product-keys.select-row', { serial: key.serial_number })}
                    onChange={(checked) => toggleRow(key.ulid, checked)}
                  />
                </td>
                <td className="cell-strong" data-label={t('product-keys.columns.serial')}>
                  {key.serial_number}
                </td>
                <td data-label={t('product-keys.columns.key')}>
                  <code className="key-code">{key.key}</code>
                </td>
                <td data-label={t('product-keys.columns.model')}>
                  {t(`product-models.${key.model}`)}
                </td>
                <td data-label={t('product-keys.columns.state')}>
                  <span className={KEY_STATE_PILL[key.state]}>
                    {t(`product-keys.states.${key.state}`)}
                  </span>
                </td>
                <td data-label={t('product-keys.columns.account')}>
                  {key.user ? (
                    <span className="account-cell">
                      <span>{`${key.user.firstname} ${key.user.lastname}`.trim()}</span>
                      <span className="muted small">{key.user.email}</span>
                    </span>
                  ) : (
                    <span className="muted">{t('product-keys.no-account')}</span>
                  )}
                </td>
                <td className="muted" data-label={t('product-keys.columns.updated')}>
                  {formatDateTime(key.updated_at)}
                </td>
                <td className="cell-actions">
                  <KeyRowActions productKey={key} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={total} displayed={keys.length} onPage={onPage} />
    </>
  );
}
