import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  alertRuleInputSchema,
  DEFAULT_CONFIRM_S,
  defaultHysteresis,
  RECOMMENDED_THRESHOLDS,
  RISK_LEVELS,
  type AlertRule,
  type AlertRuleFormValues,
  type AlertRuleInput,
} from '@aircloud/shared/alert-rules';
import { PURIFIER_MODES, type PurifierMode } from '@aircloud/shared/purifiers';
import { GRAPH_MEASURES, MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Listbox } from '../../../components/Listbox.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { NUMBER_INPUT, applyViolations, numberValue } from '../../../lib/forms.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useCreateAlertRuleMutation, usePatchAlertRuleMutation } from '../api/alertRulesApi.ts';

const FORM_ID = 'alert-rule-form';
const FIELDS = ['measure', 'threshold', 'hysteresis', 'mode', 'confirm_s', 'enabled'] as const;

/** A number input's value: a number, or undefined when empty (zod then says it is required). */
const asNumber = numberValue(undefined);

/** Buttons filling the threshold with the recommended values of the measure. */
function RecommendedThresholds({
  measure,
  onPick,
}: {
  measure: GraphMeasure;
  onPick: (value: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const levels = RECOMMENDED_THRESHOLDS[measure];
  if (!levels) return null;
  return (
    <div
      className="alert-rule-form__recommended"
      role="group"
      aria-label={t('alert-rules.form.recommended')}
    >
      <span className="field__hint">{t('alert-rules.form.recommended')}</span>
      <div className="alert-rule-form__levels">
        {RISK_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            className={`alert-risk alert-risk--${level}`}
            onClick={() => onPick(levels[level])}
          >
            {t(`alert-rules.risk.${level}`)} · {formatNumber(levels[level], i18n.language)}{' '}
            {MEASURE_UNITS[measure]}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Add or edit a rule: measure, "greater than" threshold (recommended values at moderate, high
 * and very high risk; ISO limited to 5..9), hysteresis, mode, confirm time, enabled. Saving an
 * enabled boost rule first asks to confirm the noise.
 */
export function AlertRulePopin({
  sensor,
  rule,
  onClose,
}: {
  sensor: string;
  /** The rule to edit; a new rule when absent. */
  rule?: AlertRule;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [createRule] = useCreateAlertRuleMutation();
  const [patchRule] = usePatchAlertRuleMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmBoost, setConfirmBoost] = useState<AlertRuleInput | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AlertRuleFormValues, unknown, AlertRuleInput>({
    resolver: zodResolver(alertRuleInputSchema),
    defaultValues: rule
      ? {
          measure: rule.measure,
          threshold: rule.threshold,
          hysteresis: rule.hysteresis,
          mode: rule.mode,
          confirm_s: rule.confirm_s,
          enabled: rule.enabled,
        }
      : { measure: 'co2', mode: 'auto', confirm_s: DEFAULT_CONFIRM_S, enabled: true },
  });
  const measure = watch('measure');
  const threshold = watch('threshold');
  const iso = measure === 'iso';

  const save = async (values: AlertRuleInput, confirmNoise: boolean) => {
    setServerError(null);
    setSaving(true);
    const body = { ...values, ...(confirmNoise ? { confirm_noise: true } : {}) };
    const result = rule
      ? await patchRule({ sensor, id: rule.id, patch: body })
      : await createRule({ sensor, rule: body });
    setSaving(false);
    setConfirmBoost(null);
    if ('error' in result) {
      if (applyViolations(result.error, setError, FIELDS)) return;
      setServerError(errorMessageKey(result.error));
      return;
    }
    dispatch(notifyInfo('alert-rules.saved'));
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (values.mode === 'boost' && values.enabled) {
      setConfirmBoost(values);
      return;
    }
    await save(values, false);
  });

  const hysteresisPlaceholder =
    typeof threshold === 'number' && Number.isFinite(threshold)
      ? String(defaultHysteresis(measure, threshold))
      : '';

  return (
    <>
      <Popin
        open
        onClose={onClose}
        title={rule ? t('alert-rules.form.title-edit') : t('alert-rules.form.title-add')}
        description={t('alert-rules.intro')}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting || saving}>
              {t('alert-rules.form.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} loading={isSubmitting || saving}>
              {t('alert-rules.form.save')}
            </Button>
          </>
        }
      >
        <form id={FORM_ID} className="form alert-rule-form" onSubmit={onSubmit} noValidate>
          <FormError messageKey={serverError} />
          <FormField
            id="ar-measure"
            name="measure"
            label={t('alert-rules.form.measure')}
            error={errors.measure?.message}
          >
            <Controller
              control={control}
              name="measure"
              render={({ field }) => (
                <Listbox<GraphMeasure>
                  id="ar-measure"
                  labelId="ar-measure-label"
                  value={field.value}
                  options={GRAPH_MEASURES.map((m) => ({
                    value: m,
                    label: `${t(`sensor.measures.${m}`)} (${MEASURE_UNITS[m]})`,
                  }))}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={Boolean(errors.measure)}
                />
              )}
            />
          </FormField>
          <FormField
            id="ar-threshold"
            name="threshold"
            label={`${t('alert-rules.form.threshold')} (${MEASURE_UNITS[measure]})`}
            error={errors.threshold?.message}
            hint={iso ? t('alert-rules.form.iso-help') : undefined}
          >
            <input
              {...NUMBER_INPUT}
              className="input"
              {...fieldA11y('ar-threshold', errors.threshold?.message)}
              {...register('threshold', { setValueAs: asNumber })}
            />
          </FormField>
          <RecommendedThresholds
            measure={measure}
            onPick={(value) => setValue('threshold', value, { shouldValidate: true })}
          />
          <FormField
            id="ar-mode"
            name="mode"
            label={t('alert-rules.form.mode')}
            error={errors.mode?.message}
          >
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <Listbox<PurifierMode>
                  id="ar-mode"
                  labelId="ar-mode-label"
                  value={field.value}
                  options={PURIFIER_MODES.map((m) => ({
                    value: m,
                    label: t(`purifiers.modes.${m}`),
                  }))}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={Boolean(errors.mode)}
                />
              )}
            />
          </FormField>
          <div className="alert-rule-form__row">
            <FormField
              id="ar-confirm"
              name="confirm_s"
              label={t('alert-rules.form.confirm')}
              error={errors.confirm_s?.message}
              hint={t('alert-rules.form.confirm-help')}
            >
              <input
                {...NUMBER_INPUT}
                inputMode="numeric"
                className="input"
                {...fieldA11y('ar-confirm', errors.confirm_s?.message)}
                {...register('confirm_s', { setValueAs: asNumber })}
              />
            </FormField>
            <FormField
              id="ar-hysteresis"
              name="hysteresis"
              label={`${t('alert-rules.form.hysteresis')} (${MEASURE_UNITS[measure]})`}
              error={errors.hysteresis?.message}
              hint={t('alert-rules.form.hysteresis-help')}
            >
              <input
                {...NUMBER_INPUT}
                className="input"
                placeholder={hysteresisPlaceholder}
                {...fieldA11y('ar-hysteresis', errors.hysteresis?.message)}
                {...register('hysteresis', { setValueAs: asNumber })}
              />
            </FormField>
          </div>
          <label className="switch">
            <input type="checkbox" role="switch" {...register('enabled')} />
            <span className="switch__track" aria-hidden="true" />
            <span className="switch__label">{t('alert-rules.form.enabled')}</span>
          </label>
        </form>
      </Popin>
      <ConfirmDialog
        open={confirmBoost !== null}
        icon="alert"
        title={t('alert-rules.boost.title')}
        body={t('alert-rules.boost.text')}
        cancelLabel={t('alert-rules.form.cancel')}
        confirmLabel={t('alert-rules.boost.confirm')}
        loading={saving}
        onCancel={() => setConfirmBoost(null)}
        onConfirm={() => void (confirmBoost && save(confirmBoost, true))}
      />
    </>
  );
}
