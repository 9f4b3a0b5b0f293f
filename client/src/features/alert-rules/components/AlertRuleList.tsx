import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRule } from '@aircloud/shared/alert-rules';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ListStates } from '../../../components/ListState.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useDeleteAlertRuleMutation,
  useListAlertRulesQuery,
  usePatchAlertRuleMutation,
} from '../api/alertRulesApi.ts';
import { AlertRulePopin } from './AlertRulePopin.tsx';

/** Triggered, not triggered or disabled, as a pill. */
function RuleState({ rule }: { rule: AlertRule }) {
  const { t } = useTranslation();
  if (!rule.enabled)
    return <span className="pill pill--muted">{t('alert-rules.state.disabled')}</span>;
  return rule.triggered ? (
    <span className="pill pill--alert" data-testid="rule-triggered">
      {t('alert-rules.state.triggered')}
    </span>
  ) : (
    <span className="pill pill--ok">{t('alert-rules.state.idle')}</span>
  );
}

/**
 * The rules of a sensor: measure with unit, "> threshold", mode, confirm time, an enabled
 * switch (enabling a boost rule asks to confirm the noise), triggered state, edit and delete.
 */
export function AlertRuleList({ sensor }: { sensor: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, error, isLoading, isFetching, refetch } = useListAlertRulesQuery(sensor);
  const [patchRule] = usePatchAlertRuleMutation();
  const [deleteRule, { isLoading: deleting }] = useDeleteAlertRuleMutation();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [enablingBoost, setEnablingBoost] = useState<AlertRule | null>(null);
  const [removing, setRemoving] = useState<AlertRule | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const setEnabled = async (rule: AlertRule, enabled: boolean, confirmNoise = false) => {
    const result = await patchRule({
      sensor,
      id: rule.id,
      patch: { enabled, ...(confirmNoise ? { confirm_noise: true } : {}) },
    });
    setEnablingBoost(null);
    if ('error' in result) dispatch(notifyError(errorMessageKey(result.error)));
  };
  const toggle = (rule: AlertRule) => {
    if (!rule.enabled && rule.mode === 'boost') setEnablingBoost(rule);
    else void setEnabled(rule, !rule.enabled);
  };
  const remove = async () => {
    if (!removing) return;
    setRemoveError(null);
    const result = await deleteRule({ sensor, id: removing.id });
    if ('error' in result) {
      setRemoveError(errorMessageKey(result.error));
      return;
    }
    setRemoving(null);
    dispatch(notifyInfo('alert-rules.deleted'));
  };

  const rules = data?.['hydra:member'] ?? [];
  const body = (
    <ListStates
      compact
      query={{ isLoading, error, data, refetch }}
      total={rules.length}
      errorTitle={t('alert-rules.load-error')}
      retryLabel={t('alert-rules.retry')}
      empty={<p className="muted history-empty">{t('alert-rules.empty')}</p>}
    >
      <div className={`table-wrap${isFetching ? ' is-refreshing' : ''}`}>
        <table className="data-table alert-rules-table">
          <thead>
            <tr>
              <th>{t('alert-rules.columns.measure')}</th>
              <th>{t('alert-rules.columns.condition')}</th>
              <th>{t('alert-rules.columns.mode')}</th>
              <th>{t('alert-rules.columns.confirm')}</th>
              <th>{t('alert-rules.columns.enabled')}</th>
              <th>{t('alert-rules.columns.state')}</th>
              <th>
                <span className="visually-hidden">{t('alert-rules.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => {
              const measure = t(`sensor.measures.${rule.measure}`);
              return (
                <tr key={rule.id} data-rule={rule.id}>
                  <td>
                    {measure} <span className="muted">({rule.unit})</span>
                  </td>
                  <td className="nowrap mono">
                    {t('alert-rules.condition', {
                      threshold: formatNumber(rule.threshold, i18n.language),
                      unit: rule.unit,
                    })}
                  </td>
                  <td>{t(`purifiers.modes.${rule.mode}`)}</td>
                  <td className="nowrap">{t('alert-rules.seconds', { count: rule.confirm_s })}</td>
                  <td>
                    <label className="switch alert-rules__switch">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={rule.enabled}
                        aria-label={t('alert-rules.toggle-label', { measure })}
                        onChange={() => toggle(rule)}
                      />
                      <span className="switch__track" aria-hidden="true" />
                    </label>
                  </td>
                  <td>
                    <RuleState rule={rule} />
                    {rule.not_driving.length > 0 ? (
                      <p
                        className="small warning-text alert-rules__not-driving"
                        title={t('alert-rules.not-driving-hint')}
                      >
                        {t('alert-rules.not-driving', {
                          names: rule.not_driving.map((p) => p.name).join(', '),
                        })}
                      </p>
                    ) : null}
                  </td>
                  <td className="table-actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('alert-rules.edit')}
                      title={t('alert-rules.edit')}
                      onClick={() => setEditing(rule)}
                    >
                      <Icon name="pencil" size={18} />
                    </button>
                    {rule.deletable ? (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={t('alert-rules.delete')}
                        title={t('alert-rules.delete')}
                        onClick={() => {
                          setRemoveError(null);
                          setRemoving(rule);
                        }}
                      >
                        <Icon name="trash" size={18} />
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </ListStates>
  );

  return (
    <section className="card">
      <div className="card__head">
        <h2 className="card__title">{t('alert-rules.title')}</h2>
        <Button onClick={() => setEditing('new')}>
          <Icon name="plus" size={18} />
          {t('alert-rules.add')}
        </Button>
      </div>
      <p className="muted">{t('alert-rules.intro')}</p>
      {body}
      {editing ? (
        <AlertRulePopin
          sensor={sensor}
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={enablingBoost !== null}
        title={t('alert-rules.boost.title')}
        body={t('alert-rules.boost.text')}
        cancelLabel={t('alert-rules.form.cancel')}
        confirmLabel={t('alert-rules.boost.confirm')}
        onCancel={() => setEnablingBoost(null)}
        onConfirm={() => void (enablingBoost && setEnabled(enablingBoost, true, true))}
      />
      <ConfirmDialog
        open={removing !== null}
        danger
        icon="trash"
        title={t('alert-rules.delete-confirm.title')}
        body={t('alert-rules.delete-confirm.text')}
        cancelLabel={t('alert-rules.form.cancel')}
        confirmLabel={t('alert-rules.delete-confirm.confirm')}
        loading={deleting}
        error={removeError ? t(removeError) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
