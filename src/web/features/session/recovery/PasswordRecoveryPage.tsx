import { PasswordRecoverySchema } from '#shared/session/schemas';
import { RecoveryRequestForm } from './RecoveryRequestForm.tsx';

const FIELD = {
  name: 'username',
  schema: PasswordRecoverySchema.entries.username,
  label: 'Username',
  autoComplete: 'username',
};

/** Password recovery: a single-use link to set a new password goes to the account's email. */
export default function PasswordRecoveryPage() {
  return (
    <RecoveryRequestForm
      title="Password recovery"
      intro="Enter your username and we will email you a link to set a new password. The link works once, for one hour."
      field={FIELD}
      send={(api, values) => api.recoverPassword(String(values.username).trim())}
      submitLabel="Email me a link"
    />
  );
}
