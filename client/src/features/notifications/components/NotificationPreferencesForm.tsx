import {
  FLAP_INTERVAL_MIN_MAX,
  MAINTENANCE_DAYS_BEFORE_MAX,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  OFFLINE_DELAY_MIN_MAX,
  type NotificationPreferences,
} from '@aircloud/shared/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { ListStates } from '../../../components/ListState.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { PushDeviceControl } from './PushDeviceControl.tsx';
import {
  useGetNotificationPreferencesQuery,
  usePutNotificationPreferencesMutation,
} from '../api/notificationsApi.ts';

type Numbers = Pick<
  NotificationPreferences,
  'offline_delay_min' | 'maintenance_percent' | 'maintenance_days_before' | 'flap_interval_min'
>;
const NUMBER_FIELDS: { name: keyof Numbers; min: number; max: number }[] = [
  { name: 'offline_delay_min', min: 1, max: OFFLINE_DELAY_MIN_MAX },
  { name: 'maintenance_percent', min: 1, max: 99 },
  { name: 'maintenance_days_before', min: 1, max: MAINTENANCE_DAYS_BEFORE_MAX },
  { name: 'flap_interval_min', min: 0, max: FLAP_INTERVAL_MIN_MAX },
];

/** Every IANA zone the browser knows (the user's own first when the list lacks it). */
function timeZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** What to tell on which channel, how long before "offline", quiet hours in the user's zone. */
export function NotificationPreferencesForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const query = useGetNotificationPreferencesQuery();
  const [save, saving] = usePutNotificationPreferencesMutation();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [numbers, setNumbers] = useState<Record<keyof Numbers, string>>({
    offline_delay_min: '',
    maintenance_percent: '',
    maintenance_days_before: '',
    flap_interval_min: '',
  });
  const [quiet, setQuiet] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data) return;
    setDraft(query.data);
    setNumbers({
      offline_delay_min: String(query.data.offline_delay_min),
      maintenance_percent: String(query.data.maintenance_percent),
      maintenance_days_before: String(query.data.maintenance_days_before),
      flap_interval_min: String(query.data.flap_interval_min),
    });
    setQuiet(query.data.quiet_hours !== null);
  }, [query.data]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found: Record<string, string> = {};
    const parsed = {} as Numbers;
    for (const { name, min, max } of NUMBER_FIELDS) {
      const text = numbers[name].trim();
      const value = Number(text.replace(',', '.'));
      if (text === '') found[name] = 'validation.required';
      else if (!Number.isFinite(value)) found[name] = 'validation.numeric';
      else if (!Number.isInteger(value)) found[name] = 'validation.integer';
      else if (value < min) found[name] = 'validation.min_value';
      else if (value > max) found[name] = 'validation.max_value';
      else parsed[name] = value;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const result = await save({
      channels: draft.channels,
      ...parsed,
      quiet_hours: quiet ? (draft.quiet_hours ?? { start: '22:00', end: '07:00' }) : null,
      time_zone: draft.time_zone,
    });
    if ('error' in result) {
      const fromServer: Record<string, string> = {};
      for (const v of violationsOf(result.error))
        fromServer[v.propertyPath.split('.')[0]!] = v.code;
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(errorMessageKey(result.error));
      return;
    }
    dispatch(notifyInfo('notifications.preferences.saved'));
  };

  const quietHours = draft?.quiet_hours ?? { start: '22:00', end: '07:00' };
  return (
    <section className="card notifications" aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title">{t('notifications.preferences.title')}</h2>
      <ListStates
        compact
        query={query}
        total={1}
        errorTitle={t('notifications.preferences.load-error')}
        retryLabel={t('sensor.retry')}
        empty={null}
      >
        {draft ? (
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <FormError messageKey={formError} />
            <div className="notification-prefs__table-wrap">
              <table className="notification-prefs__table">
                <caption className="visually-hidden">
                  {t('notifications.preferences.channels')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('notifications.preferences.event')}</th>
                    {NOTIFICATION_CHANNELS.map((c) => (
                      <th scope="col" key={c}>
                        {t(`notifications.channels.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {NOTIFICATION_TYPES.map((type) => (
                    <tr key={type}>
                      <th scope="row">{t(`notifications.types.${type}`)}</th>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            aria-label={t('notifications.preferences.switch', {
                              type: t(`notifications.types.${type}`),
                              channel: t(`notifications.channels.${channel}`),
                            })}
                            checked={draft.channels[type][channel]}
                            onChange={(e) =>
                              setDraft({
                                ...draft,
                                channels: {
                                  ...draft.channels,
                                  [type]: { ...draft.channels[type], [channel]: e.target.checked },
                                },
                              })
                            }
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="muted">{t('notifications.preferences.push-note')}</p>
            <PushDeviceControl
              anyPushed={NOTIFICATION_TYPES.some((type) => draft.channels[type].push)}
            />
            <div className="form__grid">
              {NUMBER_FIELDS.map(({ name, min, max }) => (
                <FormField
                  key={name}
                  id={`prefs-${name}`}
                  name={name}
                  label={t(`notifications.preferences.${name}`)}
                  error={errors[name]}
                  params={{ min, max }}
                >
                  <input
                    className="input"
                    inputMode="numeric"
                    value={numbers[name]}
                    onChange={(e) => setNumbers({ ...numbers, [name]: e.target.value })}
                    {...fieldA11y(`prefs-${name}`, errors[name])}
                  />
                </FormField>
              ))}
            </div>
            <label className="check-option">
              <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
              {t('notifications.preferences.quiet')}
            </label>
            {quiet ? (
              <div className="form__grid">
                {(['start', 'end'] as const).map((edge) => (
                  <FormField
                    key={edge}
                    id={`prefs-quiet-${edge}`}
                    name="quiet_hours"
                    label={t(`notifications.preferences.quiet-${edge}`)}
                    error={errors.quiet_hours}
                  >
                    <input
                      className="input"
                      type="time"
                      value={quietHours[edge]}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          quiet_hours: { ...quietHours, [edge]: e.target.value },
                        })
                      }
                      {...fieldA11y(`prefs-quiet-${edge}`, errors.quiet_hours)}
                    />
                  </FormField>
                ))}
                <FormField
                  id="prefs-time-zone"
                  name="time_zone"
                  label={t('notifications.preferences.time_zone')}
                  error={errors.time_zone}
                >
                  <select
                    className="input"
                    value={draft.time_zone}
                    onChange={(e) => setDraft({ ...draft, time_zone: e.target.value })}
                    {...fieldA11y('prefs-time-zone', errors.time_zone)}
                  >
                    {timeZones(draft.time_zone).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone}
                      </option>
                    ))}
                  </select>
                </FormField>
              </div>
            ) : null}
            <div className="form__actions">
              <Button type="submit" loading={saving.isLoading}>
                {t('notifications.preferences.save')}
              </Button>
            </div>
          </form>
        ) : null}
      </ListStates>
    </section>
  );
}
