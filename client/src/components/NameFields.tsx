import type { UseFormRegisterReturn } from 'react-hook-form';
import { SHORT_NAME_MAX } from '@aircloud/shared/constants';
import { FormField, fieldA11y } from './FormField.tsx';

/**
 * The name and short-name fields of a machine's parameters form (purifiers and sensors): the
 * registered inputs, their errors and texts come from the form that holds them.
 */
export function NameFields({
  idPrefix,
  name,
  shortName,
}: {
  idPrefix: string;
  name: { field: UseFormRegisterReturn; label: string; error?: string };
  shortName: { field: UseFormRegisterReturn; label: string; hint: string; error?: string };
}) {
  const nameId = `${idPrefix}-name`;
  const shortNameId = `${idPrefix}-short-name`;
  return (
    <>
      <FormField
        id={nameId}
        name="name"
        label={name.label}
        error={name.error}
        params={{ max: 100 }}
      >
        <input className="input" {...fieldA11y(nameId, name.error)} {...name.field} />
      </FormField>
      <FormField
        id={shortNameId}
        name="short_name"
        label={shortName.label}
        error={shortName.error}
        params={{ max: SHORT_NAME_MAX }}
        hint={shortName.hint}
      >
        <input
          className="input"
          {...fieldA11y(shortNameId, shortName.error)}
          {...shortName.field}
        />
      </FormField>
    </>
  );
}
