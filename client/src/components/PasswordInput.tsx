import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

/** A password input with a show/hide toggle. */
export function PasswordInput({
  ref,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        ref={ref}
        {...rest}
        type={visible ? 'text' : 'password'}
        className={`input ${className ?? ''}`}
      />
      <button
        type="button"
        className="password-input__toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('common.hide-password') : t('common.show-password')}
        aria-pressed={visible}
        aria-controls={rest.id}
      >
        <Icon name={visible ? 'eyeOff' : 'eye'} />
      </button>
    </div>
  );
}
