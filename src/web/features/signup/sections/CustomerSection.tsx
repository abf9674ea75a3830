/** Customer details: first and last name, email, phone and date of birth, all required. */
import { SimpleGrid } from '@mantine/core';
import { DateOfBirthField, PhoneField, TextField, type FormActor } from './fields.tsx';
import { SignupSection } from './SignupSection.tsx';

export default function CustomerSection({ form }: { form: FormActor }) {
  return (
    <SignupSection
      title="Your details"
      intro="We use these to set up your account and reach you about your installation."
      testId="signup-customer"
    >
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
    </SignupSection>
  );
}
