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
const PASSWORD_FIELD_OF: Record<string, 'current' | 'password' | 'confirmation' | 'username'> = {
  old_password: 'current',
  new_password: 'password',
  password: 'password',
  username: 'username',
};

export type PasswordSubmit = (values: {
  password: string;
  current: string;
  username: string;
}) => Promise<unknown>;

/**
 * The password machine with a page's submit call: `submit()` gives the latest one (whatever
 * render it came from); a refusal becomes the failure the machine reads.
 */
export function passwordWithSubmit(submit: () => PasswordSubmit | undefined) {
  return passwordMachine.provide({
    actors: {
      submit: fromPromise(async ({ input: values }) => {
        const call = submit();
        if (!call) return undefined;
        try {
          return await call(values);
        } catch (error) {
          throw formFailure(error, PASSWORD_FIELD_OF);
        }
      }),
    },
  });
}

export function usePasswordActor(
  input: PasswordInput,
  submit?: PasswordSubmit,
  actions: { 'announce the change'?: () => void } = {},
) {
  const latest = useRef(submit);
  latest.current = submit;
  const announce = useRef(actions['announce the change']);
  announce.current = actions['announce the change'];
  return useActorRef(
    passwordWithSubmit(() => latest.current).provide({
      actions: { 'announce the change': () => announce.current?.() },
    }),
    { input },
  );
}
