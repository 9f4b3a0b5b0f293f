import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import { chooseLanguage, currentLanguage } from '../lib/i18n/i18n.ts';
import { Logo } from './Logo.tsx';

/** The language picker shown on the public screens. */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className="language-select">
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        value={currentLanguage()}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`common.languages.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The centred card of the public screens (login, registration, password renewal...). */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="auth-page__brand">
        <Logo />
        <LanguageSelect />
      </div>
      <section className="card auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
      {footer ? <div className="auth-page__footer">{footer}</div> : null}
    </div>
  );
}
