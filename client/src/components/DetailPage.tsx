import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRealtimeConnected } from '../lib/realtime/useRealtimeConnected.ts';
import { Icon, type IconName } from './Icon.tsx';
import { ListError } from './ListState.tsx';

/** A device detail that does not exist (or no longer for this user): 404, and a way back. */
export function DetailNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="alert">
      <p className="empty-state__code">404</p>
      <h1 className="empty-state__title">{t('errors.not_found')}</h1>
      <p>{t('not-found.text')}</p>
      <Link to={backTo} className="btn btn--primary">
        {backLabel}
      </Link>
    </div>
  );
}

/**
 * A device detail that could not load: a 404 (also after a first load: the access ended
 * meanwhile) or a 5xx opens the Error route (ListError does it), else the server's reason and a
 * retry.
 */
export function DetailLoadError({
  error,
  title,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  title: string;
  retryLabel: string;
  onRetry: () => void;
  /** Kept for callers; a 404 now opens the Error route, which has its own way back. */
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <div className="page">
      <ListError title={title} error={error} retryLabel={retryLabel} onRetry={onRetry} />
    </div>
  );
}

/** Whether the page follows the device live: a green dot, or grey while reconnecting. */
export function LiveIndicator({
  connectedLabel,
  reconnectingLabel,
}: {
  connectedLabel: string;
  reconnectingLabel: string;
}) {
  const connected = useRealtimeConnected();
  return (
    <span
      className={`live-indicator ${connected ? 'live-indicator--on' : 'live-indicator--off'}`}
      role="status"
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {connected ? connectedLabel : reconnectingLabel}
    </span>
  );
}

/**
 * A device detail's header: the way back, the device's icon, name and facts (`meta`), and its
 * status box. `block` names the feature's own class (`purifier-header`…) for its icon's colours.
 */
export function DetailHeader({
  block,
  backTo,
  backLabel,
  icon,
  iconSize,
  title,
  meta,
  status,
}: {
  block: string;
  backTo: string;
  backLabel: string;
  icon: IconName;
  iconSize: number;
  title: string;
  meta: ReactNode;
  status: ReactNode;
}) {
  return (
    <header className={`detail-header ${block}`}>
      <Link to={backTo} className="back-link">
        ← {backLabel}
      </Link>
      <div className="detail-header__main">
        <span className={`detail-header__icon ${block}__icon`} aria-hidden="true">
          <Icon name={icon} size={iconSize} />
        </span>
        <div className="detail-header__titles">
          <h1>{title}</h1>
          <p className="detail-header__meta">{meta}</p>
        </div>
      </div>
      <div className="detail-header__status">{status}</div>
    </header>
  );
}
