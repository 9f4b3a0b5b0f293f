import * as Select from '@radix-ui/react-select';
import { Icon } from './Icon.tsx';

/** One choice of a Listbox. */
export interface ListboxOption<T extends string> {
  value: T;
  label: string;
}

/** Radix Select refuses an empty item value; the empty choice ('(void)') travels as this one. */
const EMPTY = '\u0000empty';
const toItem = (value: string) => (value === '' ? EMPTY : value);

/**
 * A select-only combobox on Radix Select (WAI-ARIA pattern): a button showing the choice and a
 * list capped by CSS at 15rem, with arrow keys, Home/End, type-ahead, Escape closing the list
 * only (not the dialog around it) and focus back on the button. An option whose value is ''
 * (the '(void)' first role) is a real, selectable choice. The list is rendered in place, not in
 * a portal, so it stays inside the dialog that holds the field (its accessible tree and tests).
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
  const selected = options.find((option) => option.value === value);
  return (
    <Select.Root
      value={toItem(value)}
      onValueChange={(next) => onChange((next === EMPTY ? '' : next) as T)}
      disabled={disabled}
    >
      <Select.Trigger
        id={id}
        className="input listbox__button"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
      >
        <span className="listbox__value">
          <Select.Value>{selected?.label ?? ''}</Select.Value>
        </span>
        <Select.Icon className="listbox__icon">
          <Icon name="chevronDown" size={16} />
        </Select.Icon>
      </Select.Trigger>
      <Select.Content
        className="listbox__popup"
        position="popper"
        sideOffset={4}
        aria-labelledby={labelId}
      >
        <Select.Viewport>
          {options.map((option) => (
            <Select.Item
              key={option.value}
              value={toItem(option.value)}
              className="listbox__option"
            >
              <Select.ItemText>{option.label}</Select.ItemText>
              <Select.ItemIndicator>
                <Icon name="check" size={16} />
              </Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Viewport>
      </Select.Content>
    </Select.Root>
  );
}
