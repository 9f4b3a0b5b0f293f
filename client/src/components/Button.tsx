import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner, type SpinnerSize } from './Spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** A button that can show a spinner and refuse clicks while its action runs. */
export function Button({
  variant = 'primary',
  loading = false,
  spinnerSize = 20,
  block = false,
  children,
  disabled,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  loading?: boolean;
  spinnerSize?: SpinnerSize;
  block?: boolean;
  children: ReactNode;
}) {
  const classes = [
    'btn',
    `btn--${variant}`,
    block ? 'btn--block' : '',
    loading ? 'is-loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={spinnerSize} /> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
}
