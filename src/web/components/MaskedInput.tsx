/**
 * A text input with a fixed mask (react-imask inside Mantine's input), e.g. a phone
 * `(000) 000-0000` or a date `00/00/0000`. The value in and out is the masked text as shown.
 * `PhoneInput` and `DateOfBirthInput` are the app's one phone field and one date-of-birth field
 * (the signup's and the portal's alike); `FormPhoneField` and `FormDateOfBirthField` bind them to
 * a form machine's field (machines/forms).
 */
import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import {
  DATE_OF_BIRTH_MASK,
  PHONE_MASK,
  dateOfBirthFromDisplay,
  dateOfBirthToDisplay,
} from '#shared/schemas/person';
import { useFormField, type FormActor } from './form-field.ts';

export interface MaskedInputProps extends Omit<InputBaseProps, 'onChange'> {
  mask: string;
  value: string;
  /** Every accepted edit, with the masked text. */
  onAccept: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  type?: 'tel' | 'text';
}

export function MaskedInput({ mask, value, onAccept, onBlur, ...props }: MaskedInputProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={mask}
      value={value}
      // react-imask calls this for every accepted keystroke and paste.
      onAccept={(accepted: string) => {
        if (accepted !== value) onAccept(accepted);
      }}
      onBlur={onBlur}
    />
  );
}

export type MaskedFieldProps = Omit<MaskedInputProps, 'mask'>;

/** A phone number, masked (###) ###-#### as typed (portal.md §5, signup.md §5). */
export function PhoneInput(props: MaskedFieldProps) {
  return (
    <MaskedInput
      placeholder="(801) 555-0123"
      type="tel"
      inputMode="tel"
      {...props}
      mask={PHONE_MASK}
    />
  );
}

/**
 * A date of birth, shown and typed MM/DD/YYYY, held YYYY-MM-DD (signup.md §3, §5): `value` and
 * `onAccept` speak the held form (an unfinished date as typed).
 */
export function DateOfBirthInput({ value, onAccept, ...props }: MaskedFieldProps) {
  return (
    <MaskedInput
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      {...props}
      mask={DATE_OF_BIRTH_MASK}
      value={dateOfBirthToDisplay(value)}
      onAccept={(display) => onAccept(dateOfBirthFromDisplay(display))}
    />
  );
}

// The bound field's hook has its home in ./form-field.ts; named here too for the fields that
// import it with the masked inputs.
export { useFormField, type FormActor } from './form-field.ts';

type FormFieldProps = Omit<MaskedFieldProps, 'value' | 'onAccept' | 'onBlur' | 'error'> & {
  form: FormActor;
  field: string;
};

/** A masked input bound to a form machine's field. */
function BoundMaskedField({
  Input,
  form,
  field,
  ...props
}: FormFieldProps & { Input: (props: MaskedFieldProps) => ReactNode }) {
  const { value, error, change, blur } = useFormField(form, field);
  return (
    <Input name={field} {...props} value={value} error={error} onAccept={change} onBlur={blur} />
  );
}

/** {@link PhoneInput} bound to a form machine's field. */
export function FormPhoneField(props: FormFieldProps) {
  return <BoundMaskedField Input={PhoneInput} {...props} />;
}

/** {@link DateOfBirthInput} bound to a form machine's field. */
export function FormDateOfBirthField(props: FormFieldProps) {
  return <BoundMaskedField Input={DateOfBirthInput} {...props} />;
}
