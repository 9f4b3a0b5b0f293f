import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { Icon } from './Icon.tsx';

function readHiddenTips(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.hiddenTips) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeHiddenTips(ids: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.hiddenTips, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/** A tip the user can hide and show again; the choice is kept in local storage. */
export function Tip({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => readHiddenTips().includes(id));

  const toggle = (hide: boolean) => {
    const others = readHiddenTips().filter((tip) => tip !== id);
    writeHiddenTips(hide ? [...others, id] : others);
    setHidden(hide);
  };

  if (hidden) {
    return (
      <button type="button" className="tip-show" onClick={() => toggle(false)}>
        <Icon name="lightbulb" size={16} />
        {t('common.tip.show')}
      </button>
    );
  }
  return (
    <aside className="tip">
      <Icon name="lightbulb" className="tip__icon" />
      <div className="tip__body">
        <strong className="tip__title">{title}</strong>
        <div>{children}</div>
      </div>
      <button
        type="button"
        className="icon-button tip__hide"
        onClick={() => toggle(true)}
        aria-label={t('common.tip.hide')}
      >
        <Icon name="close" size={16} />
      </button>
    </aside>
  );
}
