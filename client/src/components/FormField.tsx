import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorKey } from './fieldError.ts';

/** Props an input needs to be tied to its label and error text. */
export function fieldA11y(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** A labelled form field with its translated error under it. */
export function FormField({
  id,
  name,
  label,
  error,
  params,
  hint,
  children,
}: {
  id: string;
  /** Field name used to look up `form.<name>.<code>`. */
  name: string;
  label: ReactNode;
  /** The validation message (an i18n key such as validation.required, or a catalogue key). */
  error?: string;
  params?: Record<string, string | number>;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
      {hint ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(fieldErrorKey(i18n, name, error), params)}
        </p>
      ) : null}
    </div>
  );
}
