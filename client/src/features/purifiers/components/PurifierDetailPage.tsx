import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/ListState.tsx';
import type { Purifier } from '@aircloud/shared/purifiers';
import { Icon } from '../../../components/Icon.tsx';
import { PageLoader } from '../../../components/Spinner.tsx';
import { RouteTabs } from '../../../components/Tabs.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useGetPurifierQuery } from '../api/purifiersApi.ts';
import { usePurifierStream } from '../hooks/usePurifierStream.ts';
import { LiveIndicator } from './LiveIndicator.tsx';
import { MaintenanceTab } from './MaintenanceTab.tsx';
import { MerakiTab } from './MerakiTab.tsx';
import { ParametersTab } from './ParametersTab.tsx';
import { ModeStatus, PurifierStatePill, WifiStatus } from './PurifierStatus.tsx';
import { ScheduleTab } from './ScheduleTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { SummaryTab } from './SummaryTab.tsx';
import '../purifiers.css';

// The invitations tab arrives with a later issue.
const TABS = ['summary', 'parameters', 'schedule', 'maintenance', 'settings', 'meraki'] as const;

function NotFoundInline() {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  return (
    <div className="card empty-state" role="alert">
      <p className="empty-state__code">404</p>
      <h1 className="empty-state__title">{t('errors.not_found')}</h1>
      <p>{t('not-found.text')}</p>
      <Link to={link(PATHS.home)} className="btn btn--primary">
        {t('purifier.back')}
      </Link>
    </div>
  );
}

function PurifierHeader({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  return (
    <header className="purifier-header">
      <Link to={link(PATHS.home)} className="back-link">
        ← {t('purifier.back')}
      </Link>
      <div className="purifier-header__main">
        <span className="purifier-header__icon" aria-hidden="true">
          <Icon name="purifier" size={30} />
        </span>
        <div className="purifier-header__titles">
          <h1>{purifier.name}</h1>
          <p className="purifier-header__meta">
            <span className="purifier-card__serial">{purifier.serial_number}</span>
            <span aria-hidden="true">·</span>
            <span>{t(`product-models.${purifier.model}`)}</span>
          </p>
        </div>
      </div>
      <div className="purifier-header__status">
        <PurifierStatePill state={purifier.state} />
        <WifiStatus state={purifier.wifi_state} />
        <ModeStatus purifier={purifier} />
        <LiveIndicator />
      </div>
    </header>
  );
}

/** Purifier detail: header, then one child route per tab. */
export function PurifierDetailPage() {
  const { t } = useTranslation();
  const { purifierUlid = '' } = useParams();
  // Every link inside keeps the admin's view-as-user mode.
  const { link } = useViewAsUser();
  const { data: purifier, error, isLoading, refetch } = useGetPurifierQuery(purifierUlid);
  // Once loaded, the purifier follows its channel: no reload needed for the device's news.
  usePurifierStream(purifier ? purifierUlid : '');

  if (isLoading) return <PageLoader />;
  if (!purifier) {
    return (
      <div className="page">
        {httpStatusOf(error) === 404 ? (
          <NotFoundInline />
        ) : (
          <ListError
            title={t('purifier.load-error')}
            error={error}
            retryLabel={t('purifiers.retry')}
            onRetry={() => void refetch()}
          />
        )}
      </div>
    );
  }

  const base = `/purifiers/${purifier.ulid}`;
  return (
    <div className="page">
      <PurifierHeader purifier={purifier} />
      <RouteTabs
        label={t('purifier.tabs.label')}
        tabs={TABS.map((tab) => ({
          to: link(`${base}/${tab}`),
          label: t(`purifier.tabs.${tab}`),
        }))}
      />
      <Routes>
        <Route index element={<Navigate to={link(`${base}/summary`)} replace />} />
        <Route path="summary" element={<SummaryTab purifier={purifier} />} />
        <Route path="parameters" element={<ParametersTab purifier={purifier} />} />
        <Route path="schedule" element={<ScheduleTab purifier={purifier} />} />
        <Route path="maintenance" element={<MaintenanceTab purifier={purifier} />} />
        <Route path="settings" element={<SettingsTab purifier={purifier} />} />
        <Route path="meraki" element={<MerakiTab purifier={purifier} />} />
        <Route path="*" element={<NotFoundInline />} />
      </Routes>
    </div>
  );
}
