import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { fieldErrorKey } from '../../../components/fieldError.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { useListRolloutCandidatesQuery } from '../api/rolloutsApi.ts';

/**
 * The purifiers of a model as a paged checklist (GET /api/fleet/purifiers?model=…): each with its
 * serial number and the version it runs; a filter on the page shown, every purifier of the page
 * at once, and the count chosen across pages.
 */
export function PurifierChecklist({
  model,
  version,
  chosen,
  onChange,
  error,
  disabled,
}: {
  model: ProductKeyModel;
  /** The version being rolled out: purifiers already on it say so. */
  version: string | null;
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const query = useListRolloutCandidatesQuery({ model, page });
  const purifiers = query.currentData?.['hydra:member'] ?? [];
  const total = query.currentData?.['hydra:totalItems'] ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? purifiers.filter(
        (p) =>
          p.name.toLowerCase().includes(needle) || p.serial_number.toLowerCase().includes(needle),
      )
    : purifiers;
  const toggle = (ulid: string, on: boolean) =>
    onChange(on ? [...chosen, ulid] : chosen.filter((id) => id !== ulid));
  const pageIds = shown.map((p) => p.ulid);

  return (
    <fieldset
      className={`field rollout-checklist${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? 'rollout-purifiers-error' : 'rollout-purifiers-count'}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="field__label">{t('rollouts.create.purifiers-legend')}</legend>
      <div className="rollout-checklist__tools">
        <label className="visually-hidden" htmlFor="rollout-purifier-filter">
          {t('rollouts.create.search')}
        </label>
        <input
          id="rollout-purifier-filter"
          className="input"
          type="search"
          value={filter}
          placeholder={t('rollouts.create.search-placeholder')}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Button
          variant="ghost"
          className="btn--compact"
          disabled={pageIds.length === 0}
          onClick={() => onChange([...new Set([...chosen, ...pageIds])])}
        >
          {t('rollouts.create.select-page')}
        </Button>
        <Button
          variant="ghost"
          className="btn--compact"
          disabled={chosen.length === 0}
          onClick={() => onChange([])}
        >
          {t('rollouts.create.clear-chosen')}
        </Button>
      </div>
      {query.isError && !query.currentData ? (
        <p className="form-error" role="alert">
          {t('rollouts.create.purifiers-load-error')} {t(errorMessageKey(query.error))}
        </p>
      ) : !query.currentData ? (
        <div className="rollout-checklist__loading" aria-busy="true">
          <Spinner size={24} />
        </div>
      ) : shown.length === 0 ? (
        <p className="muted rollout-checklist__none">
          {t(needle ? 'rollouts.create.purifiers-none-match' : 'rollouts.create.purifiers-none')}
        </p>
      ) : (
        <ul className="rollout-checklist__list">
          {shown.map((purifier) => (
            <li key={purifier.ulid}>
              <label className="check-row rollout-checklist__item">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={chosen.includes(purifier.ulid)}
                  onChange={(event) => toggle(purifier.ulid, event.target.checked)}
                />
                <span className="rollout-checklist__name">{purifier.name}</span>
                <span className="mono small muted">{purifier.serial_number}</span>
                <span className="small muted rollout-checklist__version">
                  {purifier.soft_version === null
                    ? t('rollouts.create.purifier-no-version')
                    : purifier.soft_version === version
                      ? t('rollouts.create.purifier-same-version', {
                          version: purifier.soft_version,
                        })
                      : t('rollouts.create.purifier-version', { version: purifier.soft_version })}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="rollout-checklist__foot">
        <p className="small" id="rollout-purifiers-count" aria-live="polite">
          {t('rollouts.create.chosen-count', { count: chosen.length })}
        </p>
        {pages > 1 ? (
          <div className="rollout-checklist__pages">
            <Button
              variant="secondary"
              className="btn--compact"
              disabled={page <= 1}
              aria-label={t('rollouts.create.previous-page')}
              onClick={() => setPage(page - 1)}
            >
              ←
            </Button>
            <span className="small">{t('rollouts.create.purifiers-page', { page, pages })}</span>
            <Button
              variant="secondary"
              className="btn--compact"
              disabled={page >= pages}
              aria-label={t('rollouts.create.next-page')}
              onClick={() => setPage(page + 1)}
            >
              →
            </Button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id="rollout-purifiers-error">
          {t(fieldErrorKey(i18n, 'purifiers', error))}
        </p>
      ) : null}
    </fieldset>
  );
}
