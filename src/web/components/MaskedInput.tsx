/**
 * A text input with a fixed mask (react-imask inside Mantine's input), e.g. a phone
 * `(000) 000-0000` or a date `00/00/0000`. The value in and out is the masked text as shown.
 * `PhoneInput` and `DateOfBirthInput` are the app's one phone field and one date-of-birth field
 * (the signup's and the portal's alike); `FormPhoneField` and `FormDateOfBirthField` bind them to
 * a form machine's field (machines/forms).
 */
import { InputBase, type InputBaseProps } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IMaskInput } from 'react-imask';
import type { ActorRefFrom } from 'xstate';
import {
  DATE_OF_BIRTH_MASK,
  PHONE_MASK,
  dateOfBirthFromDisplay,
  dateOfBirthToDisplay,
} from '#shared/schemas/person';
import type { formMachine } from '#machines/forms/form.machine';
import { selectFieldError, selectText } from '#machines/forms/form.selectors';

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

export type FormActor = ActorRefFrom<typeof formMachine>;

/** One field of a form machine: its text and message, its edits and leaving. */
export function useFormField(form: FormActor, field: string) {
  const value = useSelector(form, (s) => selectText(s, field));
  const error = useSelector(form, (s) => selectFieldError(s, field));
  return {
    value,
    error,
    change: (next: string) => form.send({ type: 'field.changed', field, value: next }),
    blur: () => form.send({ type: 'field.left', field }),
  };
}

type FormFieldProps = Omit<MaskedFieldProps, 'value' | 'onAccept' | 'onBlur' | 'error'> & {
  form: FormActor;
  field: string;
};

/** {@link PhoneInput} bound to a form machine's field. */
export function FormPhoneField({ form, field, ...props }: FormFieldProps) {
  const { value, error, change, blur } = useFormField(form, field);
  return (
    <PhoneInput
      name={field}
      {...props}
      value={value}
      error={error}
      onAccept={change}
      onBlur={blur}
    />
  );
}

/** {@link DateOfBirthInput} bound to a form machine's field. */
export function FormDateOfBirthField({ form, field, ...props }: FormFieldProps) {
  const { value, error, change, blur } = useFormField(form, field);
  return (
    <DateOfBirthInput
      name={field}
      {...props}
      value={value}
      error={error}
      onAccept={change}
      onBlur={blur}
    />
  );
}
