import { useTranslation } from 'react-i18next';
import { useRealtimeConnected } from '../../../lib/realtime/useRealtimeConnected.ts';

/** Whether the page follows the purifier live: a green dot, or grey while reconnecting. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const connected = useRealtimeConnected();
  return (
    <span
      className={`live-indicator ${connected ? 'live-indicator--on' : 'live-indicator--off'}`}
      role="status"
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {connected ? t('purifier.live.connected') : t('purifier.live.reconnecting')}
    </span>
  );
}
