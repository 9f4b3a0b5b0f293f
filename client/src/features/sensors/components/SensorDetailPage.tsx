import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Sensor } from '@aircloud/shared/sensors';
import {
  DetailHeader,
  DetailLoadError,
  DetailNotFound,
  LiveIndicator,
} from '../../../components/DetailPage.tsx';
import { PageLoader } from '../../../components/Spinner.tsx';
import { RouteTabs } from '../../../components/Tabs.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useGetSensorQuery } from '../api/sensorsApi.ts';
import { useSensorStream } from '../hooks/useSensorStream.ts';
import { AssociationsTab } from './AssociationsTab.tsx';
import { GraphsTab } from './GraphsTab.tsx';
import { ParametersTab } from './ParametersTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { LastSeen, SensorWifiStatus } from './SensorStatus.tsx';
import '../sensors.css';

/** How a tab renders for the loaded sensor. */
export type SensorTabRender = (sensor: Sensor) => ReactNode;

/**
 * The detail's child tabs in the spec's order (section 2); `graphs` is where the page opens. The
 * invitations and alert-rule tabs belong to other features: the app passes them in.
 */
const TAB_ORDER = [
  'parameters',
  'settings',
  'graphs',
  'invitations',
  'associations',
  'triggeralerts',
] as const;
type SensorTab = (typeof TAB_ORDER)[number];
const DEFAULT_TAB: SensorTab = 'graphs';

const OWN_TABS: Partial<Record<SensorTab, SensorTabRender>> = {
  parameters: (sensor) => <ParametersTab sensor={sensor} />,
  settings: (sensor) => <SettingsTab sensor={sensor} />,
  graphs: (sensor) => <GraphsTab sensor={sensor} />,
  associations: (sensor) => <AssociationsTab sensor={sensor} />,
};

function SensorHeader({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  return (
    <DetailHeader
      block="sensor-header"
      backTo={link('/sensors')}
      backLabel={t('sensor.back')}
      icon="wifi"
      iconSize={28}
      title={sensor.name || sensor.serial_number}
      meta={
        <>
          <span className="mono">{sensor.serial_number}</span>
          {sensor.short_name ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{sensor.short_name}</span>
            </>
          ) : null}
          {sensor.is_public ? <span className="pill pill--info">{t('sensors.public')}</span> : null}
        </>
      }
      status={
        <>
          <SensorWifiStatus state={sensor.wifi_state} />
          <LastSeen at={sensor.last_seen_at} />
          <LiveIndicator
            connectedLabel={t('sensor.live.connected')}
            reconnectingLabel={t('sensor.live.reconnecting')}
          />
        </>
      }
    />
  );
}

/** Sensor detail: header, then one child route per tab; it opens on the graphs. */
export function SensorDetailPage({
  extraTabs = {},
}: {
  /** Tabs of other features (invitations, triggeralerts), composed by the app. */
  extraTabs?: Partial<Record<'invitations' | 'triggeralerts', SensorTabRender>>;
} = {}) {
  const { t } = useTranslation();
  const { sensorUlid = '' } = useParams();
  // Every link inside keeps the admin's view-as-user mode.
  const { link } = useViewAsUser();
  const { data: sensor, error, isLoading, refetch } = useGetSensorQuery(sensorUlid);
  // Once loaded, the sensor follows its channel (values, network state, imports).
  useSensorStream(sensor ? sensorUlid : '');

  if (isLoading) return <PageLoader />;
  // A 404 after a first load: the access ended meanwhile (invitation revoked, sensor removed).
  if (!sensor || httpStatusOf(error) === 404) {
    return (
      <DetailLoadError
        error={error}
        title={t('sensor.load-error')}
        retryLabel={t('sensor.retry')}
        onRetry={() => void refetch()}
        backTo={link('/sensors')}
        backLabel={t('sensor.back')}
      />
    );
  }

  const base = `/sensors/${sensor.ulid}`;
  const renders: Partial<Record<SensorTab, SensorTabRender>> = { ...OWN_TABS, ...extraTabs };
  const tabs = TAB_ORDER.flatMap((path) => {
    const render = renders[path];
    return render ? [{ path, render }] : [];
  });
  return (
    <div className="page">
      <SensorHeader sensor={sensor} />
      <RouteTabs
        label={t('sensor.tabs.label')}
        tabs={tabs.map((tab) => ({
          to: link(`${base}/${tab.path}`),
          label: t(`sensor.tabs.${tab.path}`),
        }))}
      />
      <Routes>
        <Route index element={<Navigate to={link(`${base}/${DEFAULT_TAB}`)} replace />} />
        {tabs.map((tab) => (
          <Route key={tab.path} path={tab.path} element={tab.render(sensor)} />
        ))}
        <Route
          path="*"
          element={<DetailNotFound backTo={link('/sensors')} backLabel={t('sensor.back')} />}
        />
      </Routes>
    </div>
  );
}
