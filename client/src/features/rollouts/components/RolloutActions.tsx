import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useChangeRolloutMutation, type RolloutAction } from '../api/rolloutsApi.ts';

const DONE: Record<RolloutAction, string> = {
  pause: 'rollouts.actions.paused',
  resume: 'rollouts.actions.resumed',
  abort: 'rollouts.actions.aborted',
};

/**
 * What can be done to a rollout now: pause while it sends (canary, rolling), resume while paused,
 * abort until it ends (after a confirmation). A finished rollout has no action.
 */
export function RolloutActions({ rollout }: { rollout: FirmwareRollout }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [change, { isLoading, originalArgs }] = useChangeRolloutMutation();
  const [confirming, setConfirming] = useState(false);
  const [abortError, setAbortError] = useState<string | null>(null);
  const sending = rollout.status === 'canary' || rollout.status === 'rolling';
  const paused = rollout.status === 'paused';
  if (!sending && !paused && !confirming) return null;
  const running = (action: RolloutAction) => isLoading && originalArgs?.action === action;

  const run = async (action: RolloutAction): Promise<boolean> => {
    const result = await change({ ulid: rollout.ulid, action });
    if ('error' in result) {
      const key = errorMessageKey(result.error);
      if (action === 'abort') setAbortError(key);
      else dispatch(notifyError(key));
      return false;
    }
    dispatch(notifyInfo(DONE[action]));
    return true;
  };

  return (
    <div className="rollout-actions" role="group" aria-label={t('rollouts.actions.label')}>
      {sending ? (
        <Button
          variant="secondary"
          loading={running('pause')}
          disabled={isLoading}
          onClick={() => void run('pause')}
        >
          <Icon name="pause" size={18} />
          {t('rollouts.actions.pause')}
        </Button>
      ) : null}
      {paused ? (
        <Button loading={running('resume')} disabled={isLoading} onClick={() => void run('resume')}>
          <Icon name="play" size={18} />
          {t('rollouts.actions.resume')}
        </Button>
      ) : null}
      {sending || paused ? (
        <Button
          variant="danger"
          disabled={isLoading}
          onClick={() => {
            setAbortError(null);
            setConfirming(true);
          }}
        >
          <Icon name="stop" size={18} />
          {t('rollouts.actions.abort')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        danger
        icon="alert"
        title={t('rollouts.actions.abort-title')}
        body={t('rollouts.actions.abort-body', { version: rollout.firmware.version })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('rollouts.actions.abort-confirm')}
        loading={running('abort')}
        error={abortError ? t(abortError) : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run('abort').then((done) => {
            if (done) setConfirming(false);
          })
        }
      />
    </div>
  );
}
