import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { usePushDevice } from '../hooks/usePushDevice.ts';

/**
 * "Notifications on this device": Web Push for this browser, turned on or off here; the Push
 * column of the preferences chooses which events are pushed to every device turned on.
 */
export function PushDeviceControl({ anyPushed }: { anyPushed: boolean }) {
  const { t } = useTranslation();
  const { state, busy, failed, subscribe, unsubscribe } = usePushDevice();
  return (
    <div className="notification-push" role="group" aria-labelledby="notification-push-title">
      <h3 id="notification-push-title">{t('notifications.push.title')}</h3>
      <p className="muted">{t('notifications.push.text')}</p>
      <p role="status">{state === 'checking' ? null : t(`notifications.push.state.${state}`)}</p>
      {state === 'on' && !anyPushed ? (
        <p className="muted">{t('notifications.push.none-pushed')}</p>
      ) : null}
      {failed ? <p role="alert">{t('notifications.push.failed')}</p> : null}
      {state === 'off' ? (
        <Button type="button" loading={busy} onClick={() => void subscribe()}>
          {t('notifications.push.subscribe')}
        </Button>
      ) : null}
      {state === 'on' ? (
        <Button type="button" variant="secondary" loading={busy} onClick={() => void unsubscribe()}>
          {t('notifications.push.unsubscribe')}
        </Button>
      ) : null}
    </div>
  );
}
