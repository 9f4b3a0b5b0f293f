import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import { NO_SOFT_VERSION, type FleetSummary, type FleetVersionCount } from '@aircloud/shared/fleet';
import { PURIFIER_STATES, WIFI_STATES } from '@aircloud/shared/purifiers';
import { hasRole } from '@aircloud/shared/roles';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { RolloutProgressBar } from '../../../components/RolloutProgressBar.tsx';
import { RolloutStatusBadge } from '../../../components/RolloutStatusBadge.tsx';
import { formatTime } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useGetFleetQuery } from '../api/fleetApi.ts';
import { fleetChannel$ } from '../../../lib/realtime/fleetChannel.ts';
import { fleetListPath } from '../fleetPaths.ts';
import { FleetDeviceTable } from './FleetDeviceTable.tsx';
import '../fleet.css';

/** The fleet view (Fleet, /fleet): technicians and administrators. */
export function FleetPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!hasRole(role, 'ROLE_TECHNICIAN')) return <ForbiddenState text={t('fleet-view.forbidden')} />;
  return <FleetView />;
}

/** The summary of the request, replaced by each newer one the fleet channel pushes. */
function useLiveFleet() {
  const query = useGetFleetQuery();
  const [pushed, setPushed] = useState<FleetSummary | null>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const subscription = fleetChannel$.subscribe((message) => {
      if (message.type === 'closed') setClosed(true);
      else setPushed(message.summary);
    });
    return () => subscription.unsubscribe();
  }, []);
  const fetched = query.data;
  const summary =
    pushed && (!fetched || pushed.generated_at >= fetched.generated_at) ? pushed : fetched;
  return { query, summary, live: pushed !== null, closed };
}

function FleetView() {
  const { t } = useTranslation();
  const { query, summary, live, closed } = useLiveFleet();
  if (closed) return <ForbiddenState text={t('fleet-view.forbidden')} />;
  const total = summary ? summary.purifiers.total + summary.sensors.total : 0;
  return (
    <div className="page fleet-page">
      <header className="page-header">
        <div>
          <h1>{t('fleet-view.title')}</h1>
          <p className="page-header__subtitle">{t('fleet-view.subtitle')}</p>
        </div>
        <div className="fleet-header-tools">
          {summary ? (
            <p className="fleet-live" role="status">
              <span className={`fleet-live__dot${live ? ' is-live' : ''}`} aria-hidden="true" />
              {t(live ? 'fleet-view.live' : 'fleet-view.as-of', {
                time: formatTime(summary.generated_at),
              })}
            </p>
          ) : null}
          <Link className="btn btn--secondary" to={PATHS.rollouts}>
            <Icon name="download" size={18} />
            {t('rollouts.title')}
          </Link>
        </div>
      </header>
      <ListStates
        query={query}
        total={total}
        errorTitle={t('fleet-view.load-error')}
        retryLabel={t('fleet-view.retry')}
        empty={
          <ListEmpty icon="purifier">
            <h2>{t('fleet-view.empty.title')}</h2>
            <p className="muted">{t('fleet-view.empty.text')}</p>
            <Link className="btn btn--secondary" to="/product-keys">
              {t('fleet-view.empty.keys')}
            </Link>
          </ListEmpty>
        }
      >
        {summary ? <FleetSummaryView summary={summary} /> : null}
      </ListStates>
    </div>
  );
}

/** One number of the summary, a link to the list behind it. */
function Stat({
  label,
  value,
  to,
  tone,
}: {
  label: string;
  value: number;
  to: string;
  tone?: 'ok' | 'warning' | 'alert' | 'muted';
}) {
  const { i18n } = useTranslation();
  return (
    <li>
      <Link className="fleet-stat" data-tone={tone} to={to}>
        <span className="fleet-stat__value">{value.toLocaleString(i18n.language)}</span>{' '}
        <span className="fleet-stat__label">{label}</span>
      </Link>
    </li>
  );
}

const WIFI_TONE = { connected: 'ok', disconnected: 'alert', not_configured: 'muted' } as const;
const STATE_TONE = { operational: 'ok', warning: 'warning', alert: 'alert' } as const;

function FleetSummaryView({ summary }: { summary: FleetSummary }) {
  const { t } = useTranslation();
  const { purifiers, sensors } = summary;
  return (
    <div className="fleet-sections">
      <section className="card fleet-section" aria-labelledby="fleet-purifiers">
        <h2 id="fleet-purifiers">{t('fleet-view.purifiers')}</h2>
        <ul className="fleet-stats">
          <Stat
            label={t('fleet-view.total')}
            value={purifiers.total}
            to={fleetListPath('purifier', {})}
          />
          {WIFI_STATES.map((state) => (
            <Stat
              key={state}
              label={t(`purifiers.wifi-filter-options.${state}`)}
              value={purifiers.wifi_state[state]}
              tone={WIFI_TONE[state]}
              to={fleetListPath('purifier', { wifi_state: state })}
            />
          ))}
        </ul>
        <ul className="fleet-stats">
          {PURIFIER_STATES.map((state) => (
            <Stat
              key={state}
              label={t(`purifiers.states.${state}`)}
              value={purifiers.state[state]}
              tone={STATE_TONE[state]}
              to={fleetListPath('purifier', { state })}
            />
          ))}
          <Stat
            label={t('fleet-view.held')}
            value={purifiers.held}
            tone={purifiers.held > 0 ? 'warning' : undefined}
            to={fleetListPath('purifier', { held: 'true' })}
          />
          <Stat
            label={t('fleet-view.maintenance-due')}
            value={purifiers.maintenance_due}
            tone={purifiers.maintenance_due > 0 ? 'warning' : undefined}
            to={fleetListPath('purifier', { maintenance_due: 'true' })}
          />
          <AirChangesStat summary={summary} />
        </ul>
      </section>

      <section className="card fleet-section" aria-labelledby="fleet-sensors">
        <h2 id="fleet-sensors">{t('fleet-view.sensors')}</h2>
        <ul className="fleet-stats">
          <Stat
            label={t('fleet-view.total')}
            value={sensors.total}
            to={fleetListPath('sensor', {})}
          />
          {WIFI_STATES.map((state) => (
            <Stat
              key={state}
              label={t(`purifiers.wifi-filter-options.${state}`)}
              value={sensors.wifi_state[state]}
              tone={WIFI_TONE[state]}
              to={fleetListPath('sensor', { wifi_state: state })}
            />
          ))}
        </ul>
        <TelemetryRate summary={summary} />
      </section>

      <DeviceSection
        id="fleet-offline"
        title={t('fleet-view.offline')}
        empty={t('fleet-view.offline-none')}
        devices={summary.offline}
        more={[
          {
            to: fleetListPath('purifier', { wifi_state: 'disconnected' }),
            label: t('fleet-view.all-purifiers', { count: purifiers.wifi_state.disconnected }),
            count: purifiers.wifi_state.disconnected,
          },
          {
            to: fleetListPath('sensor', { wifi_state: 'disconnected' }),
            label: t('fleet-view.all-sensors', { count: sensors.wifi_state.disconnected }),
            count: sensors.wifi_state.disconnected,
          },
        ]}
      />
      <DeviceSection
        id="fleet-held"
        title={t('fleet-view.held')}
        empty={t('fleet-view.held-none')}
        devices={summary.held}
        more={[
          {
            to: fleetListPath('purifier', { held: 'true' }),
            label: t('fleet-view.all-purifiers', { count: purifiers.held }),
            count: purifiers.held,
          },
        ]}
      />
      <DeviceSection
        id="fleet-due"
        title={t('fleet-view.maintenance-due')}
        empty={t('fleet-view.maintenance-none')}
        devices={summary.maintenance_due}
        more={[
          {
            to: fleetListPath('purifier', { maintenance_due: 'true' }),
            label: t('fleet-view.all-purifiers', { count: purifiers.maintenance_due }),
            count: purifiers.maintenance_due,
          },
        ]}
      />
      <DeviceSection
        id="fleet-air-below"
        title={t('fleet-view.air-below')}
        empty={t('fleet-view.air-below-none')}
        devices={summary.air_below}
        more={[
          {
            to: fleetListPath('purifier', { air_below: 'true' }),
            label: t('fleet-view.all-purifiers', { count: summary.air_changes.purifiers_below }),
            count: summary.air_changes.purifiers_below,
          },
        ]}
      />
      <Rollouts rollouts={summary.rollouts} />
      <Versions versions={summary.versions} />
    </div>
  );
}

/**
 * Rooms whose purifiers are measured below their TRH, of the rooms measured (a linked sensor's
 * decays gave a verdict): a link to the purifiers below.
 */
function AirChangesStat({ summary }: { summary: FleetSummary }) {
  const { t, i18n } = useTranslation();
  const { rooms_below, rooms_measured } = summary.air_changes;
  return (
    <li>
      <Link
        className="fleet-stat"
        data-tone={rooms_below > 0 ? 'warning' : rooms_measured > 0 ? 'ok' : 'muted'}
        to={fleetListPath('purifier', { air_below: 'true' })}
      >
        <span className="fleet-stat__value">{rooms_below.toLocaleString(i18n.language)}</span>{' '}
        <span className="fleet-stat__label">
          {t('fleet-view.rooms-below', {
            count: rooms_below,
            measured: rooms_measured.toLocaleString(i18n.language),
          })}
        </span>
      </Link>
    </li>
  );
}

/** A short list of the summary, with links to the whole lists behind it. */
function DeviceSection({
  id,
  title,
  empty,
  devices,
  more,
}: {
  id: string;
  title: string;
  empty: string;
  devices: FleetSummary['offline'];
  more: { to: string; label: string; count: number }[];
}) {
  const links = more.filter((link) => link.count > 0);
  return (
    <section className="card fleet-section fleet-section--wide" aria-labelledby={id}>
      <div className="fleet-section__head">
        <h2 id={id}>{title}</h2>
        {links.length > 0 ? (
          <p className="fleet-more">
            {links.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
                <Icon name="arrowRight" size={16} />
              </Link>
            ))}
          </p>
        ) : null}
      </div>
      {devices.length === 0 ? (
        <p className="muted fleet-none">
          <Icon name="check" size={16} />
          {empty}
        </p>
      ) : (
        <FleetDeviceTable devices={devices} caption={title} compact />
      )}
    </section>
  );
}

/** Samples accepted per minute: the last complete minute written, the 15 minutes as bars. */
function TelemetryRate({ summary }: { summary: FleetSummary }) {
  const { t, i18n } = useTranslation();
  const minutes = summary.telemetry;
  const complete = minutes.at(-2)?.samples ?? 0;
  const peak = Math.max(1, ...minutes.map((m) => m.samples));
  const described = minutes
    .map((m) => `${formatTime(m.minute)} ${m.samples.toLocaleString(i18n.language)}`)
    .join(', ');
  return (
    <div className="fleet-rate">
      <p className="fleet-rate__figure">
        <strong>{complete.toLocaleString(i18n.language)}</strong>{' '}
        <span className="muted">{t('fleet-view.samples-per-minute')}</span>
      </p>
      <div
        className="fleet-rate__bars"
        role="img"
        aria-label={t('fleet-view.rate-label', { minutes: minutes.length, values: described })}
      >
        {minutes.map((m, i) => (
          <span
            key={m.minute}
            className={`fleet-rate__bar${i === minutes.length - 1 ? ' is-current' : ''}`}
            style={{ height: `${Math.max(2, (m.samples / peak) * 100)}%` }}
          />
        ))}
      </div>
    </div>
  );
}

/** The rollouts still moving, live with the summary, each a link to its page. */
function Rollouts({ rollouts }: { rollouts: FirmwareRollout[] }) {
  const { t } = useTranslation();
  return (
    <section className="card fleet-section fleet-section--wide" aria-labelledby="fleet-rollouts">
      <div className="fleet-section__head">
        <h2 id="fleet-rollouts">{t('rollouts.fleet-title')}</h2>
        <p className="fleet-more">
          <Link to={PATHS.rollouts}>
            {t('rollouts.all-link')}
            <Icon name="arrowRight" size={16} />
          </Link>
        </p>
      </div>
      {rollouts.length === 0 ? (
        <p className="muted fleet-none">{t('rollouts.fleet-none')}</p>
      ) : (
        <ul className="fleet-rollouts">
          {rollouts.map((rollout) => {
            const title = t('rollouts.firmware-version', {
              name: rollout.firmware.name,
              version: rollout.firmware.version,
            });
            return (
              <li key={rollout.ulid} className="fleet-rollout">
                <div className="fleet-rollout__head">
                  <Link to={PATHS.rollout(rollout.ulid)} className="fleet-rollout__title">
                    {title}
                  </Link>
                  <span className="muted small">{t(`product-models.${rollout.model}`)}</span>
                  <RolloutStatusBadge status={rollout.status} />
                </div>
                <RolloutProgressBar progress={rollout.progress} label={title} compact />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Versions({ versions }: { versions: FleetVersionCount[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card fleet-section fleet-section--wide" aria-labelledby="fleet-versions">
      <h2 id="fleet-versions">{t('fleet-view.versions')}</h2>
      {versions.length === 0 ? (
        <p className="muted fleet-none">{t('fleet-view.versions-none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table fleet-versions">
            <thead>
              <tr>
                <th scope="col">{t('fleet-view.columns.model')}</th>
                <th scope="col">{t('fleet-view.columns.version')}</th>
                <th scope="col">{t('fleet-view.columns.purifiers')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={`${v.model}-${v.soft_version ?? ''}`}>
                  <td data-label={t('fleet-view.columns.model')}>
                    {t(`product-models.${v.model}`)}
                  </td>
                  <td data-label={t('fleet-view.columns.version')}>
                    {v.soft_version ? (
                      <span className="mono">{v.soft_version}</span>
                    ) : (
                      <span className="muted">{t('fleet-view.no-version')}</span>
                    )}
                  </td>
                  <td data-label={t('fleet-view.columns.purifiers')}>
                    <Link
                      to={fleetListPath('purifier', {
                        model: v.model,
                        soft_version: v.soft_version ?? NO_SOFT_VERSION,
                      })}
                    >
                      {v.purifiers.toLocaleString(i18n.language)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
