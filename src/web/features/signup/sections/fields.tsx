/**
 * Text fields bound to a form actor (machines/forms): the value and the message come from the
 * actor, every edit and blur goes to it. Masked fields use react-imask with the shared masks.
 */
import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  DATE_OF_BIRTH_MASK,
  PHONE_MASK,
  dateOfBirthFromDisplay,
  dateOfBirthToDisplay,
} from '#shared/schemas/person';
import type { formMachine } from '#machines/forms/form.machine';
import { selectFieldError, selectText } from '#machines/forms/form.selectors';
import { MaskedInput } from '../../../components/MaskedInput.tsx';

export type FormActor = ActorRefFrom<typeof formMachine>;

interface FieldProps {
  form: FormActor;
  field: string;
  label: string;
  description?: string;
  autoComplete?: string;
  required?: boolean;
}

function useField(form: FormActor, field: string) {
  const value = useSelector(form, (s) => selectText(s, field));
  const error = useSelector(form, (s) => selectFieldError(s, field));
  return {
    value,
    error,
    change: (next: string) => form.send({ type: 'field.changed', field, value: next }),
    blur: () => form.send({ type: 'field.left', field }),
  };
}

export function TextField({
  form,
  field,
  required = true,
  ...props
}: FieldProps & Pick<TextInputProps, 'type' | 'inputMode' | 'maxLength'>) {
  const { value, error, change, blur } = useField(form, field);
  return (
    <TextInput
      {...props}
      name={field}
      required={required}
      value={value}
      error={error}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={blur}
    />
  );
}

export function PhoneField({ form, field, required = true, ...props }: FieldProps) {
  const { value, error, change, blur } = useField(form, field);
  return (
    <MaskedInput
      {...props}
      name={field}
      required={required}
      mask={PHONE_MASK}
      placeholder="(801) 555-0123"
      type="tel"
      inputMode="tel"
      value={value}
      error={error}
      onAccept={change}
      onBlur={blur}
    />
  );
}

/** Shown MM/DD/YYYY, held YYYY-MM-DD. */
export function DateOfBirthField({ form, field, required = true, ...props }: FieldProps) {
  const { value, error, change, blur } = useField(form, field);
  return (
    <MaskedInput
      {...props}
      name={field}
      required={required}
      mask={DATE_OF_BIRTH_MASK}
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      value={dateOfBirthToDisplay(value)}
      error={error}
      onAccept={(display) => change(dateOfBirthFromDisplay(display))}
      onBlur={blur}
    />
  );
}

/** A person's name, email, phone and date of birth (the customer and the account holder). */
export function PersonFields({ form }: { form: FormActor }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField form={form} field="fname" label="First name" autoComplete="given-name" />
      <TextField form={form} field="lname" label="Last name" autoComplete="family-name" />
      <TextField form={form} field="email" label="Email" type="email" autoComplete="email" />
      <PhoneField form={form} field="phone" label="Phone" autoComplete="tel" />
      <DateOfBirthField
        form={form}
        field="dob"
        label="Date of birth"
        description="MM/DD/YYYY"
        autoComplete="bday"
      />
    </SimpleGrid>
  );
}
