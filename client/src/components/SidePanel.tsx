import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import { useDialogFocus } from './dialogFocus.ts';

/**
 * A panel sliding in from the right (profile, API token), modal and focus trapped (Radix
 * Dialog): first focus on its first field, back to the opener on close, Escape closes.
 */
export function SidePanel({
  open,
  onClose,
  title,
  children,
  canClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Asked before closing (Escape, overlay, close button); false keeps the panel open. */
  canClose?: () => boolean;
  /** Where focus returns when the element that opened the panel is gone (a menu item). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const focus = useDialogFocus(open, '.side-panel__body', undefined, returnFocusTo);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && (canClose?.() ?? true)) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="side-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <header className="side-panel__header">
            <Dialog.Title className="side-panel__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </header>
          <div className="side-panel__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
