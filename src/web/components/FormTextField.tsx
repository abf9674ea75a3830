import { PasswordInput, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ComponentProps, ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { formMachine } from '#machines/forms/form.machine';
import { selectFieldError, selectText } from '#machines/forms/form.selectors';

type FormActor = ActorRefFrom<typeof formMachine>;

/**
 * Mantine's default error red (red 6) on white is 3.3:1, and it also turns the typed text red:
 * the message takes a red readable in either scheme (app/global.css) and the text keeps its
 * colour, for 4.5:1 contrast.
 */
const READABLE = {
  error: { color: 'var(--app-color-error-text)' },
  description: { color: 'var(--mantine-color-text)' },
};
export const READABLE_TEXT_INPUT = { ...READABLE, input: { color: 'var(--mantine-color-text)' } };
export const READABLE_PASSWORD_INPUT = {
  ...READABLE,
  innerInput: { color: 'var(--mantine-color-text)' },
};

interface FormTextFieldProps {
  actor: FormActor;
  field: string;
  label: ReactNode;
  description?: ReactNode;
  autoComplete?: string;
  type?: 'text' | 'email' | 'search';
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** A password box with a show/hide toggle. */
  secret?: boolean;
}

/** A text box bound to one field of a form machine: its value, its message, edits and leaving. */
export function FormTextField({ actor, field, secret, ...props }: FormTextFieldProps) {
  const value = useSelector(actor, (s) => selectText(s, field));
  const error = useSelector(actor, (s) => selectFieldError(s, field));
  const common = {
    ...props,
    // Marks the field that asks for focus: a page taking over its prerendered markup mounts it in
    // a hidden container, where focus cannot go, and gives it focus once shown (app/prerendered.ts).
    ...(props.autoFocus ? { 'data-autofocus': true } : {}),
    value,
    error,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      actor.send({ type: 'field.changed', field, value: event.currentTarget.value }),
    onBlur: () => actor.send({ type: 'field.left', field }),
  };
  if (secret) return <RevealablePassword {...common} />;
  return <TextInput styles={READABLE_TEXT_INPUT} {...common} />;
}

/**
 * A password box whose show/hide toggle can be reached with the keyboard. Mantine's box names its
 * message in `aria-describedby` but marks an error with `data-invalid` only: `aria-invalid` is
 * added, as every other field of the app has it.
 */
export function RevealablePassword(props: ComponentProps<typeof PasswordInput>) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
      styles={READABLE_PASSWORD_INPUT}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
