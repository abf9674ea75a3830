/**
 * One field of a form machine (machines/forms) as a view reads and drives it: its text and
 * message, its edits and leaving: the masked inputs, the bank account's fields and the managed
 * server's fields read it. (`FormTextField` reads its two selectors itself: it is on the signup's
 * first load, and this module there would cost 0.3 KiB of the budget, tests/tools/bundle-budget.ts.)
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { formMachine } from '#machines/forms/form.machine';
import { selectFieldError, selectText } from '#machines/forms/form.selectors';

export type FormActor = ActorRefFrom<typeof formMachine>;

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
