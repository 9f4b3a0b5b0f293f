import type { Subscription } from 'rxjs';
import type { AlertTriggerEvent } from '@aircloud/shared/alert-rules';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import type { AppDispatch } from '../../../lib/storeHooks.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { alertRulesApi } from '../api/alertRulesApi.ts';

/** The notification of one trigger or stop, with the measure and mode in the user's language. */
export function alertNotification(event: AlertTriggerEvent) {
  return notifyInfo(`alert-rules.notification.${event.kind}`, {
    sensor: event.sensor_name,
    measure: i18n.t(`sensor.measures.${event.measure}`),
    value: event.value === null ? '—' : formatNumber(event.value, i18n.language),
    threshold: formatNumber(event.threshold, i18n.language),
    unit: event.unit,
    mode: i18n.t(`purifiers.modes-inline.${event.mode}`),
  });
}

/**
 * Follows the user's alert triggers on every page: each trigger or stop shows a notification
 * and refreshes that sensor's rules (triggered state) and history if they are on screen.
 */
export function watchAlertTriggers(dispatch: AppDispatch): Subscription {
  return realtime.alertTriggerCreated$.subscribe((event) => {
    dispatch(alertNotification(event));
    dispatch(
      alertRulesApi.util.invalidateTags([
        { type: 'AlertRule', id: event.sensor_ulid },
        { type: 'AlertTrigger', id: event.sensor_ulid },
      ]),
    );
  });
}
