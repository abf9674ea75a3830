/**
 * Text fields bound to a form actor (machines/forms): the value and the message come from the
 * actor, every edit and blur goes to it. The phone and date-of-birth fields are the app's own
 * (components/MaskedInput.tsx), which the portal's forms use too.
 */
import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { ActorRefFrom } from 'xstate';
import type { formMachine } from '#machines/forms/form.machine';
import {
  FormDateOfBirthField,
  FormPhoneField,
  useFormField,
} from '../../../components/MaskedInput.tsx';

export type FormActor = ActorRefFrom<typeof formMachine>;

interface FieldProps {
  form: FormActor;
  field: string;
  label: string;
  description?: string;
  autoComplete?: string;
  required?: boolean;
}

export function TextField({
  form,
  field,
  required = true,
  ...props
}: FieldProps & Pick<TextInputProps, 'type' | 'inputMode' | 'maxLength'>) {
  const { value, error, change, blur } = useFormField(form, field);
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

/** The app's phone field (components/MaskedInput.tsx), required unless said otherwise. */
export function PhoneField({ required = true, ...props }: FieldProps) {
  return <FormPhoneField required={required} {...props} />;
}

/** The app's date-of-birth field: shown MM/DD/YYYY, held YYYY-MM-DD. */
export function DateOfBirthField({ required = true, ...props }: FieldProps) {
  return <FormDateOfBirthField required={required} {...props} />;
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
