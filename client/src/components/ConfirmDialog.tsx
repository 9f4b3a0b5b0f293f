import type { ReactNode, RefObject } from 'react';
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { Popin } from './Popin.tsx';

/**
 * A confirmation dialog: icon, title, body and cancel/confirm actions. First focus goes to the
 * safe action: cancel when confirming destroys something (`danger`), confirm otherwise.
 */
export function ConfirmDialog({
  open,
  icon = 'alert',
  title,
  body,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  loading = false,
  danger = false,
  error,
  returnFocusTo,
}: {
  open: boolean;
  icon?: IconName;
  title: ReactNode;
  body?: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  danger?: boolean;
  error?: ReactNode;
  /** Where focus returns when the element that opened the dialog is gone. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Popin
      open={open}
      onClose={onCancel}
      size="small"
      role="alertdialog"
      returnFocusTo={returnFocusTo}
      title={
        <span className="confirm__title">
          <span className={`confirm__icon${danger ? ' confirm__icon--danger' : ''}`}>
            <Icon name={icon} size={24} />
          </span>
          {title}
        </span>
      }
      description={body}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onCancel}
            disabled={loading}
            data-autofocus={danger || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={loading}
            data-autofocus={!danger || undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Popin>
  );
}
