import { useTranslation } from 'react-i18next';

/** The error of a whole form (a catalogue message key), announced to screen readers; nothing without one. */
export function FormError({ messageKey }: { messageKey: string | null | undefined }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <p className="form-error" role="alert">
      {t(messageKey)}
    </p>
  );
}
