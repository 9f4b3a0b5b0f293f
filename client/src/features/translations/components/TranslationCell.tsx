import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@aircloud/shared/constants';
import { TRANSLATION_TEXT_MAX, type TranslationRow } from '@aircloud/shared/translations';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyText } from '../../../lib/i18n/i18n.ts';
import {
  useRevertTranslationMutation,
  useSaveTranslationMutation,
} from '../api/translationsApi.ts';
import { effectiveText, isNeeded } from '../translationFilters.ts';

/** One text of the table: shown with its state (missing, modified), edited in place. */
export function TranslationCell({
  row,
  lang,
  editing,
  onEdit,
  onClose,
}: {
  row: TranslationRow;
  lang: Language;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = effectiveText(row, lang);
  const overridden = row.overrides[lang] !== undefined;
  const needed = isNeeded(row.key, lang);
  const label = t('translations.edit-label', {
    key: row.key,
    language: t(`common.languages.${lang}`),
  });

  return (
    <td
      lang={lang}
      data-label={t(`common.languages.${lang}`)}
      className={`translations-table__text${text || !needed ? '' : ' is-missing'}${overridden ? ' is-overridden' : ''}`}
    >
      {editing ? (
        <TranslationEditor row={row} lang={lang} label={label} onClose={onClose} />
      ) : (
        <div className="translations-table__cell">
          <span className="translations-table__value">
            {text ??
              (needed ? (
                <span className="pill pill--warning">{t('translations.missing')}</span>
              ) : (
                <span className="muted">{t('translations.plural-not-used')}</span>
              ))}
          </span>
          {overridden ? (
            <span className="pill pill--ok" title={row.base[lang] ?? ''}>
              {t('translations.modified')}
            </span>
          ) : null}
          <button type="button" className="icon-button" aria-label={label} onClick={onEdit}>
            <Icon name="pencil" size={16} />
          </button>
        </div>
      )}
    </td>
  );
}

function TranslationEditor({
  row,
  lang,
  label,
  onClose,
}: {
  row: TranslationRow;
  lang: Language;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(effectiveText(row, lang) ?? '');
  const [save, saving] = useSaveTranslationMutation();
  const [revert, reverting] = useRevertTranslationMutation();
  const [error, setError] = useState<string | null>(null);
  const id = `translation-${lang}-${row.key}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError(t('validation.required'));
      return;
    }
    try {
      const saved = await save({ lang, key: row.key, text }).unwrap();
      applyText(lang, row.key, saved.text);
      onClose();
    } catch (err) {
      setError(t(errorMessageKey(err)));
    }
  };

  const restore = async () => {
    try {
      await revert({ lang, key: row.key }).unwrap();
      const base = row.base[lang];
      if (base !== undefined) applyText(lang, row.key, base);
      onClose();
    } catch (err) {
      setError(t(errorMessageKey(err)));
    }
  };

  return (
    <form className="translations-editor" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        value={value}
        maxLength={TRANSLATION_TEXT_MAX}
        rows={Math.min(6, Math.max(2, Math.ceil(value.length / 40)))}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      />
      {row.base[lang] !== undefined && row.overrides[lang] !== undefined ? (
        <p className="muted translations-editor__base">
          {t('translations.base-text', { text: row.base[lang] })}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="translations-editor__actions">
        <Button type="submit" className="btn--compact" loading={saving.isLoading}>
          {t('translations.save')}
        </Button>
        <Button variant="ghost" className="btn--compact" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {row.overrides[lang] !== undefined ? (
          <Button
            variant="ghost"
            className="btn--compact"
            loading={reverting.isLoading}
            onClick={() => void restore()}
          >
            {t('translations.revert')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
