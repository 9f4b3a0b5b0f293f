import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { Tip } from '../../../components/Tip.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/notifications/notificationsSlice.ts';
import { userUpdated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useGenerateApiTokenMutation } from '../api/accountApi.ts';

const COPIED_INDICATOR_MS = 2000;

/** My API token: read-only value, copy, validity end date, generate a new one, documentation link. */
export function ApiTokenPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [generate, { isLoading: generating }] = useGenerateApiTokenMutation();
  const [copied, setCopied] = useState(false);
  const token = user?.api_token ?? null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      dispatch(notifyError('users.my-api.copy-error'));
    }
  };

  const generateToken = async () => {
    const result = await generate();
    if ('error' in result) {
      dispatch(notifyError('users.my-api.generate-token.error'));
      return;
    }
    dispatch(userUpdated(result.data));
    setCopied(false);
  };

  return (
    <SidePanel open={open} onClose={onClose} title={t('users.my-api.title')}>
      <section className="panel-section">
        <p className="muted">{t('users.my-api.text')}</p>
        <div className="field">
          <label className="field__label" htmlFor="api-token">
            {t('users.my-api.token')}
          </label>
          {token ? (
            <div className="copy-field">
              <input
                id="api-token"
                className="input input--mono"
                value={token}
                readOnly
                onFocus={(e) => e.target.select()}
              />
              <button
                type="button"
                className={`icon-button copy-field__button${copied ? ' is-copied' : ''}`}
                onClick={() => void copy()}
                aria-label={copied ? t('users.my-api.copied') : t('users.my-api.copy')}
              >
                <Icon name={copied ? 'check' : 'copy'} />
              </button>
            </div>
          ) : (
            <p className="empty-token" id="api-token">
              {t('users.my-api.no-token')}
            </p>
          )}
        </div>
        {token && user?.api_token_validity ? (
          <p className="validity">
            {t('users.my-api.valid-until', { date: formatDate(user.api_token_validity) })}
          </p>
        ) : null}
        <div className="actions">
          <Button onClick={() => void generateToken()} loading={generating}>
            <Icon name="refresh" size={18} />
            {token
              ? t('users.my-api.generate-token.regenerate')
              : t('users.my-api.generate-token.button')}
          </Button>
          <a className="btn btn--ghost" href="/api_documentation" target="_blank" rel="noreferrer">
            <Icon name="external" size={18} />
            {t('users.my-api.documentation')}
          </a>
        </div>
        {token ? <p className="muted small">{t('users.my-api.generate-token.warning')}</p> : null}
      </section>
      <section className="panel-section">
        <h3 className="panel-section__title">{t('users.my-api.example.title')}</h3>
        <p className="muted">{t('users.my-api.example.text')}</p>
        <code className="code-block code-block--wrap" data-testid="api-example">
          {`curl -H 'Authorization: Bearer ${token ?? '<token>'}' ${window.location.origin}/api/me`}
        </code>
      </section>
      <Tip id="api-token-usage" title={t('users.my-api.tip.title')}>
        <p>{t('users.my-api.tip.text')}</p>
        <code className="code-block">Authorization: Bearer &lt;token&gt;</code>
      </Tip>
    </SidePanel>
  );
}
