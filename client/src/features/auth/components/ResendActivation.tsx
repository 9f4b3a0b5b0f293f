import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { useResendActivationMutation } from '../api/authApi.ts';

/**
 * Under a login refused with `account_not_enabled`: sends the activation mail again (a new
 * link; the older ones stop working), then says it was sent, whether or not the server mailed.
 */
export function ResendActivation({ email }: { email: string }) {
  const { t } = useTranslation();
  const [resend, { isLoading }] = useResendActivationMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (sentTo === email) {
    return (
      <p className="notice notice--success" role="status">
        {t('login.activation-sent', { email })}
      </p>
    );
  }
  const onClick = async () => {
    setError(null);
    const result = await resend({ email });
    if ('error' in result) setError(errorMessageKey(result.error));
    else setSentTo(email);
  };
  return (
    <div className="form__row">
      <FormError messageKey={error} />
      <Button type="button" variant="secondary" loading={isLoading} onClick={() => void onClick()}>
        {t('login.resend-activation')}
      </Button>
    </div>
  );
}
