import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  DetailHeader,
  DetailLoadError,
  DetailNotFound,
  LiveIndicator,
} from '../../../components/DetailPage.tsx';
import type { Purifier } from '@aircloud/shared/purifiers';
import { PageLoader } from '../../../components/Spinner.tsx';
import { RouteTabs } from '../../../components/Tabs.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useGetPurifierQuery } from '../api/purifiersApi.ts';
import { usePurifierStream } from '../hooks/usePurifierStream.ts';
import { AirChangesDecays } from './AirChangesDecays.tsx';
import { MaintenanceTab } from './MaintenanceTab.tsx';
import { MerakiTab } from './MerakiTab.tsx';
import { ParametersTab } from './ParametersTab.tsx';
import { ModeStatus, neverConnected, PurifierStatePill, WifiStatus } from './PurifierStatus.tsx';
import { ScheduleTab } from './ScheduleTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { SummaryTab } from './SummaryTab.tsx';
import '../purifiers.css';

const TABS = [
  'summary',
  'parameters',
  'schedule',
  'maintenance',
  'settings',
  'invitations',
  'meraki',
] as const;

function PurifierHeader({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  return (
    <DetailHeader
      block="purifier-header"
      backTo={link(PATHS.home)}
      backLabel={t('purifier.back')}
      icon="purifier"
      iconSize={30}
      title={purifier.name}
      meta={
        <>
          <span className="purifier-card__serial purifier-header__fact">
            {purifier.serial_number}
          </span>
          <span className="purifier-header__fact">{t(`product-models.${purifier.model}`)}</span>
        </>
      }
      status={
        <>
          <PurifierStatePill state={purifier.state} waiting={neverConnected(purifier)} />
          <WifiStatus state={purifier.wifi_state} />
          <ModeStatus purifier={purifier} />
          <LiveIndicator
            connectedLabel={t('purifier.live.connected')}
            reconnectingLabel={t('purifier.live.reconnecting')}
          />
        </>
      }
    />
  );
}

/**
 * Purifier detail: header, then one child route per tab. The invitations tab belongs to another
 * feature: the app passes it in (`invitationsTab`), so this feature does not import that one.
 */
export function PurifierDetailPage({
  invitationsTab,
}: {
  invitationsTab?: (purifier: Purifier) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { purifierUlid = '' } = useParams();
  // Every link inside keeps the admin's view-as-user mode.
  const { link } = useViewAsUser();
  const { data: purifier, error, isLoading, refetch } = useGetPurifierQuery(purifierUlid);
  // Once loaded, the purifier follows its channel: no reload needed for the device's news.
  usePurifierStream(purifier ? purifierUlid : '');

  if (isLoading) return <PageLoader />;
  // A 404 after a first load: the access ended meanwhile (invitation revoked, purifier removed).
  if (!purifier || httpStatusOf(error) === 404) {
    return (
      <DetailLoadError
        error={error}
        title={t('purifier.load-error')}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
        backTo={link(PATHS.home)}
        backLabel={t('purifier.back')}
      />
    );
  }

  const base = `/purifiers/${purifier.ulid}`;
  return (
    <div className="page">
      <PurifierHeader purifier={purifier} />
      <RouteTabs
        label={t('purifier.tabs.label')}
        tabs={TABS.filter((tab) => tab !== 'invitations' || invitationsTab).map((tab) => ({
          to: link(`${base}/${tab}`),
          label: t(`purifier.tabs.${tab}`),
        }))}
      />
      <Routes>
        <Route index element={<Navigate to={link(`${base}/summary`)} replace />} />
        <Route path="summary" element={<SummaryTab purifier={purifier} />} />
        {/* The decays behind the summary's measured air changes (no tab of its own). */}
        <Route path="air-changes" element={<AirChangesDecays purifier={purifier} />} />
        <Route path="parameters" element={<ParametersTab purifier={purifier} />} />
        <Route path="schedule" element={<ScheduleTab purifier={purifier} />} />
        <Route path="maintenance" element={<MaintenanceTab purifier={purifier} />} />
        <Route path="settings" element={<SettingsTab purifier={purifier} />} />
        {invitationsTab ? <Route path="invitations" element={invitationsTab(purifier)} /> : null}
        <Route path="meraki" element={<MerakiTab purifier={purifier} />} />
        <Route
          path="*"
          element={<DetailNotFound backTo={link(PATHS.home)} backLabel={t('purifier.back')} />}
        />
      </Routes>
    </div>
  );
}
