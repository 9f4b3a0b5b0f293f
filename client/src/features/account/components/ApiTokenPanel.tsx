import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@aircloud/shared/users';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { Tip } from '../../../components/Tip.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/notifications/notificationsSlice.ts';
import { userUpdated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useGenerateApiTokenMutation } from '../api/accountApi.ts';

const COPIED_INDICATOR_MS = 2000;

/**
 * My API token. The full token is shown once, right after it is generated (copy button and a
 * note saying so), and only while the panel stays open: the server keeps no readable copy.
 * Afterwards the panel shows its hint (`aq_…wxyz`), its end date and the button to replace it.
 */
export function ApiTokenPanel({
  open,
  onClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus returns on close: the menu that opened the panel is gone by then. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [generate, { isLoading: generating }] = useGenerateApiTokenMutation();
  const [copied, setCopied] = useState(false);
  // Local state on purpose: the full token never enters the store, and closing forgets it.
  const [fresh, setFresh] = useState<ApiToken | null>(null);
  // Replacing a token ends the current one: asked first, only when there is one.
  const [confirming, setConfirming] = useState(false);
  const hint = fresh?.api_token_hint ?? user?.api_token_hint ?? null;
  const validity = fresh?.api_token_validity ?? user?.api_token_validity ?? null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const close = () => {
    setFresh(null);
    setCopied(false);
    onClose();
  };

  const copy = async () => {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh.api_token);
      setCopied(true);
    } catch {
      dispatch(notifyError('users.my-api.copy-error'));
    }
  };

  const generateToken = async () => {
    setConfirming(false);
    const request = generate();
    const result = await request;
    request.reset(); // the store keeps no copy of the answer
    if ('error' in result) {
      dispatch(notifyError('users.my-api.generate-token.error'));
      return;
    }
    const { api_token_hint, api_token_validity } = result.data;
    dispatch(userUpdated({ api_token_hint, api_token_validity }));
    setFresh(result.data);
    setCopied(false);
  };

  return (
    <SidePanel
      open={open}
      onClose={close}
      returnFocusTo={returnFocusTo}
      title={t('users.my-api.title')}
    >
      <section className="panel-section">
        <p className="muted">{t('users.my-api.text')}</p>
        <div className="field">
          <label className="field__label" htmlFor="api-token">
            {t('users.my-api.token')}
          </label>
          {fresh ? (
            <div className="copy-field">
              <input
                id="api-token"
                className="input input--mono"
                value={fresh.api_token}
                readOnly
                aria-describedby="api-token-once"
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
          ) : hint ? (
            <input
              id="api-token"
              className="input input--mono"
              value={hint}
              readOnly
              aria-describedby="api-token-hint"
            />
          ) : (
            <p className="empty-token" id="api-token">
              {t('users.my-api.no-token')}
            </p>
          )}
        </div>
        {fresh ? (
          <p className="notice" id="api-token-once" role="status">
            {t('users.my-api.shown-once')}
          </p>
        ) : hint ? (
          <p className="muted small" id="api-token-hint">
            {t('users.my-api.hint-text')}
          </p>
        ) : null}
        {hint && validity ? (
          <p className="validity">
            {t('users.my-api.valid-until', { date: formatDate(validity) })}
          </p>
        ) : null}
        <div className="actions">
          <Button
            onClick={() => (hint ? setConfirming(true) : void generateToken())}
            loading={generating}
          >
            <Icon name="refresh" size={18} />
            {hint
              ? t('users.my-api.generate-token.regenerate')
              : t('users.my-api.generate-token.button')}
          </Button>
          <a className="btn btn--ghost" href="/api_documentation" target="_blank" rel="noreferrer">
            <Icon name="external" size={18} />
            {t('users.my-api.documentation')}
          </a>
        </div>
        {hint ? <p className="muted small">{t('users.my-api.generate-token.warning')}</p> : null}
      </section>
      <section className="panel-section">
        <h3 className="panel-section__title">{t('users.my-api.example.title')}</h3>
        <p className="muted">{t('users.my-api.example.text')}</p>
        <code className="code-block code-block--wrap" data-testid="api-example">
          {`curl -H 'Authorization: Bearer ${fresh?.api_token ?? '<token>'}' ${window.location.origin}/api/me`}
        </code>
      </section>
      <Tip id="api-token-usage" title={t('users.my-api.tip.title')}>
        <p>{t('users.my-api.tip.text')}</p>
        <code className="code-block">Authorization: Bearer &lt;token&gt;</code>
      </Tip>
      <ConfirmDialog
        open={confirming}
        icon="refresh"
        danger
        title={t('users.my-api.generate-token.confirm-title')}
        body={t('users.my-api.generate-token.confirm-body')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('users.my-api.generate-token.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void generateToken()}
      />
    </SidePanel>
  );
}
