import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_NAME_MAX,
  FIRMWARE_VERSION_MAX,
  firmwareFieldsSchema,
} from '@aircloud/shared/firmware';
import { PRODUCT_KEY_MODELS, type ProductKeyModel } from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { FileInput } from '../../../components/FileInput.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { fieldErrorKey } from '../../../components/fieldError.ts';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { formatBytes, formatPercent } from '../../../lib/numbers.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { firmwareApi } from '../api/firmwareApi.ts';
import { uploadFirmware, type FirmwareUpload } from '../api/uploadFirmware.ts';

const FIELDS = ['name', 'version', 'models', 'file'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** What the form holds. */
export interface FirmwareFormValues {
  name: string;
  version: string;
  models: ProductKeyModel[];
}

/**
 * Client-side checks of spec section 5 (name and file required), the version and the models
 * (the shared schema the server applies) and the 200 MB limit.
 */
export function validateFirmwareForm(values: FirmwareFormValues, file: File | null): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = firmwareFieldsSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  if (!file) errors.file = 'validation.required';
  else if (file.size > FIRMWARE_MAX_BYTES) errors.file = 'errors.firmware-size';
  return errors;
}

/** The import pop-in: name, version, models and file, with an upload progress bar. */
export function ImportFirmwarePopin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [models, setModels] = useState<ProductKeyModel[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<FirmwareUpload | null>(null);

  // Closing the pop-in stops an upload still running.
  useEffect(() => () => upload.current?.abort(), []);

  const close = () => {
    upload.current?.abort();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateFirmwareForm({ name, version, models }, file);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    // A cheap authenticated call first: it refreshes an expired session the usual way.
    await dispatch(
      firmwareApi.endpoints.listFirmwares.initiate(
        { page: 1 },
        { forceRefetch: true, subscribe: false },
      ),
    );
    upload.current = uploadFirmware(
      { name: name.trim(), version: version.trim(), models },
      file,
      setProgress,
    );
    try {
      const firmware = await upload.current.done;
      dispatch(firmwareApi.util.invalidateTags([{ type: 'Firmware', id: 'LIST' }]));
      dispatch(notifyInfo('firmware.import.success', { name: firmware.name }));
      upload.current = null;
      onClose();
    } catch (error) {
      upload.current = null;
      setProgress(null);
      const violations = violationsOf(error);
      const fieldErrors: FieldErrors = {};
      for (const v of violations) {
        const field = v.propertyPath.split('.')[0] as Field;
        if (FIELDS.includes(field)) fieldErrors[field] ??= v.code;
      }
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setServerError(errorMessageKey(error));
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Popin
      open={open}
      onClose={close}
      title={t('firmware.import.title')}
      description={t('firmware.import.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="firmware-import" loading={uploading}>
            {t('firmware.import.submit')}
          </Button>
        </>
      }
    >
      <form id="firmware-import" className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormError messageKey={serverError} />
        <FormField
          id="fw-name"
          name="name"
          label={t('firmware.import.name')}
          error={errors.name}
          params={{ max: FIRMWARE_NAME_MAX }}
        >
          <input
            className="input"
            value={name}
            maxLength={FIRMWARE_NAME_MAX + 10}
            disabled={uploading}
            onChange={(e) => setName(e.target.value)}
            {...fieldA11y('fw-name', errors.name)}
          />
        </FormField>
        <FormField
          id="fw-version"
          name="version"
          label={t('firmware.import.version')}
          error={errors.version}
          params={{ max: FIRMWARE_VERSION_MAX }}
          hint={t('firmware.import.version-hint')}
        >
          <input
            className="input"
            value={version}
            maxLength={FIRMWARE_VERSION_MAX + 10}
            disabled={uploading}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setVersion(e.target.value)}
            {...fieldA11y('fw-version', errors.version)}
          />
        </FormField>
        <fieldset
          className={`field firmware-models${errors.models ? ' field--invalid' : ''}`}
          aria-describedby={errors.models ? 'fw-models-error' : 'fw-models-hint'}
          aria-invalid={errors.models ? true : undefined}
          disabled={uploading}
        >
          <legend className="field__label">{t('firmware.import.models')}</legend>
          <ul className="firmware-models__list">
            {PRODUCT_KEY_MODELS.map((model) => (
              <li key={model}>
                <label className="check-row">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={models.includes(model)}
                    onChange={(e) =>
                      setModels((current) =>
                        e.target.checked
                          ? PRODUCT_KEY_MODELS.filter((m) => m === model || current.includes(m))
                          : current.filter((m) => m !== model),
                      )
                    }
                  />
                  {t(`product-models.${model}`)}
                </label>
              </li>
            ))}
          </ul>
          <div className="field__hint" id="fw-models-hint">
            {t('firmware.import.models-hint')}
          </div>
          {errors.models ? (
            <p className="field__error" id="fw-models-error">
              {t(fieldErrorKey(i18n, 'models', errors.models))}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id="fw-file"
          name="file"
          label={t('firmware.import.file')}
          error={errors.file}
          hint={
            file
              ? t('firmware.import.file-chosen', {
                  name: file.name,
                  size: formatBytes(file.size, i18n.language),
                })
              : t('firmware.import.file-hint')
          }
        >
          <FileInput
            file={file}
            disabled={uploading}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setErrors((current) => ({
                ...current,
                file:
                  chosen && chosen.size > FIRMWARE_MAX_BYTES ? 'errors.firmware-size' : undefined,
              }));
            }}
            {...fieldA11y('fw-file', errors.file)}
          />
        </FormField>
        {uploading ? (
          <div className="upload-progress">
            <div
              className="upload-progress__bar"
              role="progressbar"
              aria-label={t('firmware.import.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <p className="muted small">
              {t('firmware.import.uploading', {
                percent: formatPercent(percent, i18n.language),
              })}
            </p>
          </div>
        ) : null}
      </form>
    </Popin>
  );
}
