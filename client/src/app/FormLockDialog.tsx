import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useHeldNavigation } from '../lib/navigation/formLockPrompt.ts';

/** Asks, when a form with unsaved edits is left, whether to discard them or stay. */
export function FormLockDialog() {
  const { t } = useTranslation();
  const held = useHeldNavigation();
  return (
    <ConfirmDialog
      open={held !== null}
      icon="alert"
      danger
      title={t('form-lock.title')}
      body={t('form-lock.body')}
      cancelLabel={t('form-lock.stay')}
      confirmLabel={t('form-lock.discard')}
      onCancel={() => held?.stay()}
      onConfirm={() => held?.proceed()}
    />
  );
}
