import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '@aircloud/shared/password';
import { Icon } from './Icon.tsx';

/** Every password rule of spec section 5, each checked separately as the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="password-rules" id={id} aria-live="polite">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <li
            key={rule.id}
            className={ok ? 'is-ok' : 'is-pending'}
            data-rule={rule.id}
            data-ok={ok}
          >
            <Icon name={ok ? 'check' : 'close'} size={16} />
            <span>{t(`validation.password.${rule.id}`)}</span>
            <span className="visually-hidden">
              {ok ? t('common.rule-satisfied') : t('common.rule-not-satisfied')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
