import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DEBOUNCE_MS } from '@aircloud/shared/constants';

/**
 * A search box that reports its value after the user pauses typing (debounced), so a list
 * query is not sent for every key stroke.
 */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  debounceMs = Math.max(DEFAULT_DEBOUNCE_MS, 250),
}: {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, debounceMs]);

  return (
    <div className="search-input">
      <label className="visually-hidden" htmlFor="list-search">
        {label}
      </label>
      <input
        id="list-search"
        className="input"
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className="icon-button search-input__clear"
          aria-label={t('common.search-clear')}
          onClick={() => setText('')}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
