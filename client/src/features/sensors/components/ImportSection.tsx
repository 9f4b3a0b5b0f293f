import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SENSOR_IMPORT_MAX_BYTES } from '@aircloud/shared/constants';
import type { Sensor, SensorImport, SensorImportPreview } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileInput } from '../../../components/FileInput.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatBytes, formatNumber, formatPercent } from '../../../lib/numbers.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  sensorsApi,
  useCancelSensorImportMutation,
  useListSensorImportsQuery,
} from '../api/sensorsApi.ts';
import {
  previewSensorImport,
  uploadSensorImport,
  type SensorImportUpload,
} from '../api/uploadSensorImport.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { RejectedLines } from './RejectedLines.tsx';

/** Why a chosen file cannot be sent, as a catalogue key, or null (checked again by the server). */
export function importFileError(file: File | null): string | null {
  if (!file) return 'errors.type_file_not_found';
  if (!file.name.toLowerCase().endsWith('.csv')) return 'errors.type_invalid_file';
  if (file.size > SENSOR_IMPORT_MAX_BYTES) return 'sensor.import.too-large';
  return null;
}

const isActive = (i: SensorImport) => i.state === 'pending' || i.state === 'running';

/** A progress bar from 0 to 1 with its percentage. */
function Progress({ label, fraction }: { label: string; fraction: number }) {
  const { i18n } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="small muted">
        {label} · {formatPercent(percent, i18n.language)}
      </span>
    </div>
  );
}

/**
 * The report of a finished import: counts, then the rejected lines with their reasons; a
 * completed one can be undone (`onUndo`, the owner's).
 */
function ImportReport({ report, onUndo }: { report: SensorImport; onUndo?: () => void }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="import-report" aria-label={t('sensor.import.report')} role="group">
      <p className="import-report__title">
        <strong>{t(`sensor.import.states.${report.state}`)}</strong>
        <span className="muted small">
          {' '}
          · {report.file_name} · {formatDateTime(report.finished_at ?? report.created_at)}
        </span>
      </p>
      {report.state === 'failed' && report.error ? (
        <p className="form-error" role="alert">
          {i18n.exists(report.error) ? t(report.error) : t('errors.generic')}
        </p>
      ) : null}
      {report.state === 'cancelled' ? (
        // The counts are those reached when it stopped; what it stored is gone.
        <p className="muted small">{t('sensor.import.cancelled-note')}</p>
      ) : null}
      {report.state === 'reverted' ? (
        <p className="muted small">{t('sensor.import.reverted-note')}</p>
      ) : null}
      <dl className="import-report__counts">
        <div>
          <dt>{t('sensor.import.rows-read')}</dt>
          <dd>{n(report.rows_read)}</dd>
        </div>
        <div>
          <dt>
            {report.state === 'cancelled' || report.state === 'reverted'
              ? t('sensor.import.rows-removed')
              : t('sensor.import.rows-stored')}
          </dt>
          <dd>{n(report.rows_stored)}</dd>
        </div>
        <div>
          <dt>{t('sensor.import.rows-duplicate')}</dt>
          <dd>{n(report.rows_duplicate)}</dd>
        </div>
        <div className={report.rows_rejected > 0 ? 'is-rejected' : undefined}>
          <dt>{t('sensor.import.rows-rejected')}</dt>
          <dd>{n(report.rows_rejected)}</dd>
        </div>
      </dl>
      {report.rejections.length > 0 ? (
        <div>
          <RejectedLines rejections={report.rejections} className="import-report__rejections" />
          {report.rows_rejected > report.rejections.length ? (
            <p className="muted small">
              {t('sensor.import.more-rejected', {
                count: report.rows_rejected - report.rejections.length,
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {report.state === 'completed' && onUndo ? (
        <div>
          <Button variant="secondary" onClick={onUndo}>
            <Icon name="close" size={18} />
            {t('sensor.import.undo')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Data import: a .csv of at most 30 MB, its live progress, cancel (the owner's: it deletes the
 * rows stored), and the last report.
 */
export function ImportSection({ sensor, canCancel }: { sensor: Sensor; canCancel: boolean }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = useListSensorImportsQuery(sensor.ulid);
  const [cancel, { isLoading: cancelling }] = useCancelSensorImportMutation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [preview, setPreview] = useState<SensorImportPreview | null>(null);
  const [undoing, setUndoing] = useState(false);
  const upload = useRef<Pick<SensorImportUpload, 'abort'> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const imports = [...(data?.['hydra:member'] ?? [])].sort((a, b) =>
    b.created_at.localeCompare(a.created_at),
  );
  const active = imports.find(isActive) ?? null;
  const last = imports.find((i) => !isActive(i)) ?? null;

  const showFailure = (failure: unknown) => {
    const fileViolation = violationsOf(failure).find((v) => v.propertyPath === 'file');
    const code = fileViolation?.code;
    setError(code ? (code.includes('.') ? code : `errors.${code}`) : errorMessageKey(failure));
  };

  /** First step: the preview of what the import will do; nothing is stored yet. */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = importFileError(file);
    setError(problem);
    if (problem || !file) return;
    setUploading(0);
    await dispatch(
      sensorsApi.endpoints.listSensorImports.initiate(sensor.ulid, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
    const request = previewSensorImport(sensor.ulid, file);
    upload.current = request;
    try {
      setPreview(await request.done);
    } catch (failure) {
      showFailure(failure);
    } finally {
      upload.current = null;
      setUploading(null);
    }
  };

  const cancelPreview = () => {
    setPreview(null);
    setFile(null);
    if (input.current) input.current.value = '';
  };

  /** Second step, once the preview is confirmed: the whole file is sent and imported. */
  const confirmImport = async () => {
    if (!file) return;
    setUploading(0);
    // A cheap authenticated call first: it refreshes an expired session the usual way.
    await dispatch(
      sensorsApi.endpoints.listSensorImports.initiate(sensor.ulid, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
    const request = uploadSensorImport(sensor.ulid, file, setUploading);
    upload.current = request;
    try {
      const created = await request.done;
      dispatch(
        sensorsApi.util.updateQueryData('listSensorImports', sensor.ulid, (draft) => {
          if (!draft['hydra:member'].some((i) => i.id === created.id)) {
            draft['hydra:member'].unshift(created);
            draft['hydra:totalItems'] += 1;
          }
        }),
      );
      cancelPreview();
    } catch (failure) {
      setPreview(null);
      showFailure(failure);
    } finally {
      upload.current = null;
      setUploading(null);
    }
  };

  const confirmCancel = async () => {
    if (!active) return;
    setCancelError(null);
    const result = await cancel({ id: active.id, sensor: sensor.ulid });
    if ('error' in result) {
      setCancelError(errorMessageKey(result.error));
      return;
    }
    setConfirming(false);
    dispatch(notifyInfo('sensor.import.cancelled'));
  };

  const confirmUndo = async () => {
    if (!last) return;
    setCancelError(null);
    const result = await cancel({ id: last.id, sensor: sensor.ulid });
    if ('error' in result) {
      setCancelError(errorMessageKey(result.error));
      return;
    }
    setUndoing(false);
    dispatch(notifyInfo('sensor.import.reverted'));
  };

  return (
    <section className="card sensor-import">
      <h2 className="card__title">{t('sensor.import.title')}</h2>
      <p className="muted small">
        {t('sensor.import.text', { max: formatBytes(SENSOR_IMPORT_MAX_BYTES, i18n.language) })}
      </p>
      {active ? (
        <div className="import-running">
          <Progress
            label={t('sensor.import.processing', { name: active.file_name })}
            fraction={active.size > 0 ? active.bytes_read / active.size : 0}
          />
          <p className="small muted">
            {t('sensor.import.progress-rows', {
              stored: formatNumber(active.rows_stored, i18n.language),
              rejected: formatNumber(active.rows_rejected, i18n.language),
            })}
          </p>
          {canCancel ? (
            <div>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                <Icon name="close" size={18} />
                {t('sensor.import.cancel')}
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirming}
            danger
            title={t('sensor.import.cancel-title')}
            body={t('sensor.import.cancel-body')}
            cancelLabel={t('sensor.import.keep-going')}
            confirmLabel={t('sensor.import.cancel-confirm')}
            loading={cancelling}
            error={cancelError ? t(cancelError) : undefined}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void confirmCancel()}
          />
        </div>
      ) : preview ? (
        <ImportPreview
          preview={preview}
          busy={uploading !== null}
          onCancel={cancelPreview}
          onConfirm={() => void confirmImport()}
        />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="si-file">
              {t('sensor.import.file')}
            </label>
            <FileInput
              inputRef={input}
              id="si-file"
              file={file}
              accept=".csv,text/csv"
              disabled={uploading !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'si-file-error' : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            {error ? (
              <p className="field__error" id="si-file-error">
                {t(error, { max: formatBytes(SENSOR_IMPORT_MAX_BYTES, i18n.language) })}
              </p>
            ) : null}
          </div>
          {uploading !== null ? (
            <Progress label={t('sensor.import.uploading')} fraction={uploading} />
          ) : null}
          <div>
            <Button type="submit" loading={uploading !== null}>
              <Icon name="upload" size={18} />
              {t('sensor.import.submit')}
            </Button>
          </div>
        </form>
      )}
      {uploading !== null && preview ? (
        <Progress label={t('sensor.import.uploading')} fraction={uploading} />
      ) : null}
      {last ? (
        <ImportReport
          report={last}
          onUndo={canCancel && !active ? () => setUndoing(true) : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={undoing}
        danger
        title={t('sensor.import.undo-title')}
        body={t('sensor.import.undo-body', { name: last?.file_name ?? '' })}
        cancelLabel={t('sensor.import.undo-keep')}
        confirmLabel={t('sensor.import.undo-confirm')}
        loading={cancelling}
        error={cancelError ? t(cancelError) : undefined}
        onCancel={() => setUndoing(false)}
        onConfirm={() => void confirmUndo()}
      />
    </section>
  );
}
