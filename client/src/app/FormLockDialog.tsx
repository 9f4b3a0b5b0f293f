import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldNavigation } from '../lib/navigation/formLockPrompt.ts';

// The dialog (Radix Dialog and its scroll lock) loads with the first held navigation, not with
// the login page: a form must have been edited first.
const ConfirmDialog = lazy(() =>
  import('../components/ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

/** Asks, when a form with unsaved edits is left, whether to discard them or stay. */
export function FormLockDialog() {
  const { t } = useTranslation();
  const held = useHeldNavigation();
  if (held === null) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        icon="alert"
        danger
        title={t('form-lock.title')}
        body={t('form-lock.body')}
        cancelLabel={t('form-lock.stay')}
        confirmLabel={t('form-lock.discard')}
        onCancel={() => held.stay()}
        onConfirm={() => held.proceed()}
      />
    </Suspense>
  );
}
