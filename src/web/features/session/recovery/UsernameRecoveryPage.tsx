import { UsernameRecoverySchema } from '#shared/session/schemas';
import { RecoveryRequestForm } from './RecoveryRequestForm.tsx';

const FIELD = {
  name: 'email',
  schema: UsernameRecoverySchema.entries.email,
  label: 'Email address',
  type: 'email',
  autoComplete: 'email',
} as const;

/** Username recovery: the usernames registered with an email address are sent to it. */
export default function UsernameRecoveryPage() {
  return (
    <RecoveryRequestForm
      title="Username recovery"
      intro="Enter the email address of your account and we will email you the usernames registered with it."
      field={FIELD}
      send={(api, values) => api.recoverUsername(String(values.email))}
      submitLabel="Email my usernames"
    />
  );
}
