import { useRef, useState, type ComponentProps, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

/**
 * A file input in the interface's language: a styled button and the chosen file's name (or
 * "No file chosen") instead of the browser's own English "Choose File". The native input stays
 * in the page, visually hidden, so its label, the keyboard (Tab, then Space) and form tools
 * keep working; the button only forwards clicks to it.
 */
export function FileInput({
  id,
  file,
  buttonLabel,
  hideStatus = false,
  inputRef,
  onChange,
  disabled,
  'aria-describedby': describedBy,
  ...rest
}: Omit<ComponentProps<'input'>, 'type' | 'id' | 'ref'> & {
  id: string;
  /** The file the owner keeps; without it the last picked name is shown. */
  file?: File | null;
  /** The button's text ("Choose a file" by default). */
  buttonLabel?: ReactNode;
  /** No name or "No file chosen" beside the button (the avatar's preview says it). */
  hideStatus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const name = file === undefined ? picked : (file?.name ?? null);
  const statusId = `${id}-file-status`;
  const setRef = (node: HTMLInputElement | null) => {
    own.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  };
  return (
    <div className={`file-input${disabled ? ' is-disabled' : ''}`}>
      <input
        {...rest}
        id={id}
        ref={setRef}
        type="file"
        className="visually-hidden file-input__native"
        disabled={disabled}
        aria-describedby={
          hideStatus ? describedBy : [statusId, describedBy].filter(Boolean).join(' ')
        }
        onChange={(event) => {
          setPicked(event.target.files?.[0]?.name ?? null);
          onChange?.(event);
        }}
      />
      <span
        className="btn btn--secondary file-input__button"
        aria-hidden="true"
        onClick={() => {
          if (!disabled) own.current?.click();
        }}
      >
        <Icon name="upload" size={18} />
        {buttonLabel ?? t('common.file.choose')}
      </span>
      {hideStatus ? null : (
        <span className="file-input__status" id={statusId}>
          {name ?? t('common.file.none')}
        </span>
      )}
    </div>
  );
}
