/**
 * A hook that starts the password-field machine (machines/forms) for a page, with the page's
 * submit call (the latest one, whatever render it came from).
 */
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { passwordMachine, type PasswordInput } from '#machines/forms/password.machine';
import { formFailure } from './form-actors.ts';

/** Server field names that differ from the password machine's fields. */
const PASSWORD_FIELD_OF: Record<string, 'current' | 'password' | 'confirmation'> = {
  old_password: 'current',
  new_password: 'password',
  password: 'password',
};

export function usePasswordActor(
  input: PasswordInput,
  submit?: (values: { password: string; current: string }) => Promise<unknown>,
) {
  const latest = useRef(submit);
  latest.current = submit;
  return useActorRef(
    passwordMachine.provide({
      actors: {
        submit: fromPromise(async ({ input: values }) => {
          if (!latest.current) return undefined;
          try {
            return await latest.current(values);
          } catch (error) {
            throw formFailure(error, PASSWORD_FIELD_OF);
          }
        }),
      },
    }),
    { input },
  );
}
