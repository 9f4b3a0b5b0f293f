import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import { useDialogFocus } from './dialogFocus.ts';

/**
 * A modal dialog (Radix Dialog: focus trapped, Escape closes). First focus goes to the first
 * field or the primary action, and returns to the opener on close; it fades out for the close
 * delay of spec section 9 through the CSS `data-state="closed"` animation while its owner keeps
 * it mounted.
 */
export function Popin({
  open,
  onClose,
  title,
  description,
  size = 'medium',
  children,
  footer,
  role,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  children?: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Where focus returns when the element that opened the popin is gone. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const focus = useDialogFocus(open, '.popin__body', '.popin__footer', returnFocusTo);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className={`popin popin--${size}`}
          role={role ?? 'dialog'}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <header className="popin__header">
            <Dialog.Title className="popin__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className="popin__description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          <div className="popin__body">{children}</div>
          {footer ? <footer className="popin__footer">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
