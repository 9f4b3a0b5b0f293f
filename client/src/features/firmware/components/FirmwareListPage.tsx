import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import type { Firmware } from '@aircloud/shared/firmware';
import { hasRole } from '@aircloud/shared/roles';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { formatBytes } from '../../../lib/numbers.ts';
import { useDeleteFirmwareMutation, useListFirmwaresQuery } from '../api/firmwareApi.ts';
import { ImportFirmwarePopin } from './ImportFirmwarePopin.tsx';
import '../firmware.css';

/**
 * One firmware row: name, version and the models it fits, import date, file and size, public
 * URL with copy, delete.
 */
function FirmwareRow({ firmware, onDelete }: { firmware: Firmware; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <tr>
      <td className="firmware-table__name" data-label={t('firmware.columns.name')}>
        <strong>{firmware.name}</strong>
      </td>
      <td className="firmware-table__version" data-label={t('firmware.columns.version')}>
        <span className="mono">{firmware.version}</span>
      </td>
      <td data-label={t('firmware.columns.models')}>
        <ul className="firmware-table__models">
          {firmware.models.map((model) => (
            <li key={model}>{t(`product-models.${model}`)}</li>
          ))}
        </ul>
      </td>
      <td className="firmware-table__date" data-label={t('firmware.columns.date')}>
        {formatDateTime(firmware.created_at)}
      </td>
      <td data-label={t('firmware.columns.file')}>
        <span className="firmware-table__file">{firmware.file_name}</span>
        <span className="muted small firmware-table__size">
          {formatBytes(firmware.size, i18n.language)}
          <span className="firmware-table__hash" title={firmware.sha256}>
            {t('firmware.sha256', { hash: `${firmware.sha256.slice(0, 12)}…` })}
          </span>
        </span>
      </td>
      <td data-label={t('firmware.columns.url')}>
        <div className="firmware-url">
          <a
            className="firmware-url__link mono"
            href={firmware.public_url}
            title={firmware.public_url}
            download
          >
            {firmware.public_url}
          </a>
          <CopyButton
            value={firmware.public_url}
            label={t('firmware.copy', { name: firmware.name })}
            copiedLabel={t('firmware.copied')}
            onError={() => dispatch(notifyError('firmware.copy-error'))}
          />
        </div>
      </td>
      <td className="cell-actions">
        <div className="row-actions">
          <button
            type="button"
            className="icon-button icon-button--danger"
            onClick={onDelete}
            aria-label={t('firmware.delete', { name: firmware.name })}
            title={t('firmware.delete', { name: firmware.name })}
          >
            <Icon name="trash" size={18} />
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Firmware list (FirmwareList, /firmware): technicians and administrators. */
export function FirmwareListPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!hasRole(role, 'ROLE_TECHNICIAN')) {
    return <ForbiddenState text={t('firmware.forbidden')} />;
  }
  return <FirmwareList />;
}

function FirmwareList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useListFirmwaresQuery({ page });
  const [remove, { isLoading: removing }] = useDeleteFirmwareMutation();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Firmware | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const firmwares = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;

  const setPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    const result = await remove(deleting.ulid);
    if ('error' in result) {
      setDeleteError(errorMessageKey(result.error));
      return;
    }
    dispatch(notifyInfo('firmware.deleted', { name: deleting.name }));
    setDeleting(null);
  };

  const content = (
    <ListStates
      query={query}
      total={total}
      errorTitle={t('firmware.load-error')}
      retryLabel={t('firmware.retry')}
      empty={
        <ListEmpty icon="download">
          <h2>{t('firmware.empty.title')}</h2>
          <p className="muted">{t('firmware.empty.text')}</p>
          <Button onClick={() => setImporting(true)}>
            <Icon name="upload" size={18} />
            {t('firmware.import.button')}
          </Button>
        </ListEmpty>
      }
    >
      <div className={`table-wrap${query.isFetching ? ' is-refreshing' : ''}`}>
        <table className="data-table firmware-table">
          <thead>
            <tr>
              <th scope="col">{t('firmware.columns.name')}</th>
              <th scope="col">{t('firmware.columns.version')}</th>
              <th scope="col">{t('firmware.columns.models')}</th>
              <th scope="col">{t('firmware.columns.date')}</th>
              <th scope="col">{t('firmware.columns.file')}</th>
              <th scope="col">{t('firmware.columns.url')}</th>
              <th scope="col" className="cell-actions">
                <span className="visually-hidden">{t('firmware.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {firmwares.map((firmware) => (
              <FirmwareRow
                key={firmware.ulid}
                firmware={firmware}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(firmware);
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={total} displayed={firmwares.length} onPage={setPage} />
    </ListStates>
  );

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('firmware.title')}</h1>
          <p className="page-header__subtitle">{t('firmware.subtitle')}</p>
        </div>
        <Button onClick={() => setImporting(true)}>
          <Icon name="upload" size={18} />
          {t('firmware.import.button')}
        </Button>
      </header>
      {content}
      {importing ? <ImportFirmwarePopin open onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        icon="trash"
        title={t('firmware.delete-title', { name: deleting?.name ?? '' })}
        body={t('firmware.delete-body')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('firmware.delete-confirm')}
        loading={removing}
        error={deleteError ? t(deleteError) : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
