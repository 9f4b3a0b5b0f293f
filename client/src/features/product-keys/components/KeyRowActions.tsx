import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { ProductKey } from '@aircloud/shared/product-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useChangeProductKeyStateMutation,
  useRegenerateProductKeyMutation,
  useUnlinkProductKeyMutation,
} from '../api/productKeysApi.ts';
import { legalKeyActions, type KeyAction } from '../keyActions.ts';

const ICONS: Record<KeyAction, IconName> = {
  block: 'lock',
  unblock: 'refresh',
  regenerate: 'key',
  unlink: 'logout',
};

const DONE: Record<KeyAction, string> = {
  block: 'product-keys.actions.blocked',
  unblock: 'product-keys.actions.unblocked',
  regenerate: 'product-keys.actions.regenerated',
  unlink: 'product-keys.actions.unlinked',
};

/** The menu of one key: only the transitions its state allows; regenerate and unlink confirm. */
export function KeyRowActions({ productKey }: { productKey: ProductKey }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState<'regenerate' | 'unlink' | null>(null);
  const [changeState, { isLoading: changing }] = useChangeProductKeyStateMutation();
  const [regenerate, { isLoading: regenerating }] = useRegenerateProductKeyMutation();
  const [unlink, { isLoading: unlinking }] = useUnlinkProductKeyMutation();
  const serial = productKey.serial_number;
  const actions = legalKeyActions(productKey.state);

  const run = async (action: KeyAction) => {
    const result =
      action === 'block'
        ? await changeState({ ulid: productKey.ulid, state: 'blocked' })
        : action === 'unblock'
          ? await changeState({ ulid: productKey.ulid, state: 'generated' })
          : action === 'regenerate'
            ? await regenerate(productKey.ulid)
            : await unlink(productKey.ulid);
    setConfirming(null);
    if ('error' in result) dispatch(notifyError(errorMessageKey(result.error)));
    else dispatch(notifyInfo(DONE[action], { serial }));
  };

  const select = (action: KeyAction) => {
    if (action === 'regenerate' || action === 'unlink') setConfirming(action);
    else void run(action);
  };

  const owner = productKey.user
    ? `${productKey.user.firstname} ${productKey.user.lastname}`.trim() || productKey.user.email
    : '';

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="icon-button"
          aria-label={t('product-keys.actions.menu', { serial })}
          disabled={changing}
        >
          <Icon name="more" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
            {actions.map((action) => (
              <DropdownMenu.Item
                key={action}
                className={`menu__item${action === 'block' || action === 'unlink' ? ' menu__item--danger' : ''}`}
                onSelect={() => select(action)}
              >
                <Icon name={ICONS[action]} size={18} />
                {t(`product-keys.actions.${action}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming === 'regenerate'}
        icon="key"
        title={t('product-keys.regenerate.title')}
        body={t('product-keys.regenerate.body', { serial })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('product-keys.regenerate.confirm')}
        loading={regenerating}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void run('regenerate')}
      />
      <ConfirmDialog
        open={confirming === 'unlink'}
        danger
        title={t('product-keys.unlink.title')}
        body={t('product-keys.unlink.body', { serial, user: owner })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('product-keys.unlink.confirm')}
        loading={unlinking}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void run('unlink')}
      />
    </>
  );
}
