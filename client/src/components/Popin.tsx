import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import { useDelayedClose } from './useDelayedClose.ts';

/** A modal dialog (focus trapped) that fades out before closing. */
export function Popin({
  open,
  onClose,
  title,
  description,
  size = 'medium',
  children,
  footer,
  role,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  children?: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  const { t } = useTranslation();
  const { closing, requestClose } = useDelayedClose(open, onClose);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" data-closing={closing || undefined} />
        <Dialog.Content
          className={`popin popin--${size}`}
          data-closing={closing || undefined}
          role={role ?? 'dialog'}
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
