import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/ListState.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { PageLoader } from '../../../components/Spinner.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { useGetPublicSensorQuery } from '../api/sensorsApi.ts';
import { publicSensor$ } from '../streams/publicSensorChannel.ts';
import { SensorGraphs } from './graphs/SensorGraphs.tsx';
import { LastSeen, SensorWifiStatus } from './SensorStatus.tsx';
import '../sensors.css';

function NotPublic() {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="alert">
      <p className="empty-state__code">404</p>
      <h1 className="empty-state__title">{t('sensor.public-page.not-found')}</h1>
      <p>{t('sensor.public-page.not-found-text')}</p>
    </div>
  );
}

/**
 * The public graphs of a sensor (/sensor-graph/{sensorId}), without an account or navigation:
 * its name and the same graphs, fed by the anonymous `/public` socket. When the owner turns
 * public view off, the page shows its not-found state at once.
 */
export function PublicSensorPage() {
  const { t } = useTranslation();
  const { sensorId = '' } = useParams();
  const { data: sensor, error, isLoading, refetch } = useGetPublicSensorQuery(sensorId);
  const [closed, setClosed] = useState(false);
  const messages$ = useMemo(() => (sensor ? publicSensor$(sensorId) : null), [sensor, sensorId]);

  useEffect(() => {
    if (!messages$) return;
    const subscription = messages$.subscribe((message) => {
      if (message.type === 'closed') setClosed(true);
    });
    return () => subscription.unsubscribe();
  }, [messages$]);

  let content;
  if (isLoading) content = <PageLoader />;
  else if (closed || httpStatusOf(error) === 404) content = <NotPublic />;
  else if (!sensor)
    content = (
      <ListError
        title={t('sensor.public-page.load-error')}
        error={error}
        retryLabel={t('sensor.retry')}
        onRetry={() => void refetch()}
      />
    );
  else
    content = (
      <>
        <header className="public-sensor__header">
          <div>
            <p className="public-sensor__kicker muted small">{t('sensor.public-page.kicker')}</p>
            <h1>{sensor.name}</h1>
            {sensor.short_name ? <p className="muted">{sensor.short_name}</p> : null}
          </div>
          <div className="sensor-header__status">
            <SensorWifiStatus state={sensor.wifi_state} /> <LastSeen at={sensor.last_seen_at} />
          </div>
        </header>
        <SensorGraphs sensorUlid={sensorId} isPublic messages$={messages$} />
      </>
    );

  return (
    <div className="public-sensor">
      <div className="public-sensor__brand">
        <Logo />
      </div>
      <div className="page">{content}</div>
    </div>
  );
}
