import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../../components/ListState.tsx';
import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import { isAdmin } from '@aircloud/shared/roles';
import { Button } from '../../../components/Button.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useGetTranslationsQuery } from '../api/translationsApi.ts';
import { filterTranslations, isMissing, type TranslationFilter } from '../translationFilters.ts';
import { TranslationCell } from './TranslationCell.tsx';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import '../translations.css';

/** Rows per page: ~1,500 keys in five languages stay fast when only a page is in the DOM. */
export const TRANSLATIONS_PAGE_SIZE = 50;

/** The translations screen (Translations, /translations): administrators only. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  return isAdmin(role) ? (
    <TranslationsTable />
  ) : (
    <ForbiddenState text={t('translations.forbidden-text')} />
  );
}

function TranslationsTable() {
  const { t } = useTranslation();
  const { currentData, isError, error, refetch } = useGetTranslationsQuery();
  const [filter, setFilter] = useState<TranslationFilter>({
    search: '',
    lang: '',
    missingOnly: false,
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ key: string; lang: Language } | null>(null);

  const rows = useMemo(() => currentData?.['hydra:member'] ?? [], [currentData]);
  const filtered = useMemo(() => filterTranslations(rows, filter), [rows, filter]);
  const missingCount = useMemo(() => {
    const counts = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>;
    for (const row of rows) for (const l of LANGUAGES) if (isMissing(row, l)) counts[l] += 1;
    return counts;
  }, [rows]);
  const langs: readonly Language[] = filter.lang ? [filter.lang] : LANGUAGES;
  const lastPage = Math.max(1, Math.ceil(filtered.length / TRANSLATIONS_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const visible = filtered.slice(
    (current - 1) * TRANSLATIONS_PAGE_SIZE,
    current * TRANSLATIONS_PAGE_SIZE,
  );

  const update = (next: Partial<TranslationFilter>) => {
    setFilter((prev) => ({ ...prev, ...next }));
    setPage(1);
    setEditing(null);
  };

  if (isError && httpStatusOf(error) === 403)
    return <ForbiddenState text={t('translations.forbidden-text')} />;

  let content;
  if (isError) {
    content = (
      <ListError
        title={t('translations.error')}
        error={error}
        retryLabel={t('translations.retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!currentData) {
    content = <ListLoading />;
  } else if (filtered.length === 0) {
    content = (
      <div className="card list-state">
        <h2>{t('translations.empty')}</h2>
        <Button
          variant="secondary"
          onClick={() => update({ search: '', lang: '', missingOnly: false })}
        >
          {t('translations.clear-filters')}
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <div className="table-wrap">
          <table className="data-table translations-table">
            <thead>
              <tr>
                <th scope="col">{t('translations.columns.key')}</th>
                {langs.map((l) => (
                  <th scope="col" key={l} lang={l}>
                    {t(`common.languages.${l}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="translations-table__key">
                    <code>{breakableKey(row.key)}</code>
                  </th>
                  {langs.map((l) => (
                    <TranslationCell
                      key={l}
                      row={row}
                      lang={l}
                      editing={editing?.key === row.key && editing.lang === l}
                      onEdit={() => setEditing({ key: row.key, lang: l })}
                      onClose={() => setEditing(null)}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={current}
          total={filtered.length}
          displayed={visible.length}
          pageSize={TRANSLATIONS_PAGE_SIZE}
          onPage={(next) => {
            setPage(next);
            setEditing(null);
          }}
        />
      </>
    );
  }

  return (
    <div className="page translations-page">
      <header className="page-header">
        <div>
          <h1>{t('translations.title')}</h1>
          <p className="muted page-header__subtitle">
            {t('translations.subtitle', { count: rows.length })}
          </p>
        </div>
      </header>
      <div className="toolbar">
        <SearchInput
          value={filter.search}
          onSearch={(search) => update({ search })}
          label={t('translations.search')}
        />
        <label className="visually-hidden" htmlFor="translations-lang">
          {t('translations.language-filter')}
        </label>
        <select
          id="translations-lang"
          className="input"
          value={filter.lang}
          onChange={(event) => update({ lang: event.target.value as Language | '' })}
        >
          <option value="">{t('translations.all-languages')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t('translations.language-option', {
                language: t(`common.languages.${l}`),
                count: missingCount[l],
              })}
            </option>
          ))}
        </select>
        <label className="checkbox translations-page__missing">
          <input
            type="checkbox"
            checked={filter.missingOnly}
            onChange={(event) => update({ missingOnly: event.target.checked })}
          />
          {t('translations.missing-only')}
        </label>
      </div>
      {content}
    </div>
  );
}

/** A key with break opportunities after its dots, hyphens and underscores (never mid-word). */
function breakableKey(key: string) {
  return key.split(/(?<=[._-])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
