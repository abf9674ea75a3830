/** Customer details: first and last name, email, phone and date of birth, all required. */
import { PersonFields, type FormActor } from './fields.tsx';
import { SignupSection } from './SignupSection.tsx';

export default function CustomerSection({ form }: { form: FormActor }) {
  return (
    <SignupSection
      title="Your details"
      intro="We use these to set up your account and reach you about your installation."
      testId="signup-customer"
    >
      <PersonFields form={form} />
    </SignupSection>
  );
}
