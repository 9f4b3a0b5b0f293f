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

  // The value last reported (or set from outside): a URL that catches up with what was reported
  // must not overwrite what the user typed meanwhile; a value changed elsewhere (clear filters) must.
  const reported = useRef(value);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text.trim() === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text.trim();
      latest.current(reported.current);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);

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
