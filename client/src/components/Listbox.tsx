import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LISTBOX_TYPEAHEAD_RESET_MS } from '@aircloud/shared/constants';
import { Icon } from './Icon.tsx';

/** One choice of a Listbox. */
export interface ListboxOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A select-only combobox (WAI-ARIA pattern): a button showing the choice and a listbox popup
 * whose height is capped by CSS (15rem), with arrow keys, Home/End and type-ahead.
 */
export function Listbox<T extends string>({
  id,
  labelId,
  value,
  options,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  /** Id of the visible label (FormField gives `<id>-label`). */
  labelId: string;
  value: T;
  options: readonly ListboxOption<T>[];
  onChange: (value: T) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useRef({ text: '', at: 0 });
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const selected = options.find((option) => option.value === value);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  // Escape closes the list only, not the dialog around it (Radix listens on the document).
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => window.removeEventListener('keydown', closeOnEscape, { capture: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const show = (index = selectedIndex) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option) onChange(option.value);
    setOpen(false);
  };

  const typeAhead = (char: string) => {
    const now = Date.now();
    const text =
      now - typed.current.at > LISTBOX_TYPEAHEAD_RESET_MS ? char : typed.current.text + char;
    typed.current = { text, at: now };
    const from = open ? active : selectedIndex;
    const order = options.map((_, i) => (from + 1 + i) % options.length);
    // A repeated single letter cycles through the options starting with it.
    const needle = text.length > 1 && new Set(text).size === 1 ? char : text;
    const match = order.find((i) => options[i]?.label.toLowerCase().startsWith(needle));
    if (match === undefined) return;
    if (open) setActive(match);
    else onChange(options[match]!.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show();
        else setActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) show();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (!open) return;
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (open) choose(active);
        else show();
        break;
      case 'Tab':
        if (open) choose(active);
        break;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          typeAhead(event.key.toLowerCase());
        }
    }
  };

  return (
    <div className="listbox" ref={root}>
      <button
        type="button"
        id={id}
        className="input listbox__button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={labelId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <span className="listbox__value">{selected?.label ?? ''}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      <ul
        id={listId}
        ref={list}
        role="listbox"
        aria-labelledby={labelId}
        className="listbox__popup"
        hidden={!open}
        tabIndex={-1}
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.value === value}
            className={`listbox__option${index === active ? ' is-active' : ''}`}
            // Keep the focus on the button so the keyboard keeps working.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            onPointerMove={() => setActive(index)}
          >
            {option.label}
            {option.value === value ? <Icon name="check" size={16} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
