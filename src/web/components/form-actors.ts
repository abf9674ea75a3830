/**
 * A hook that starts the form machine (machines/forms) for a page, with the page's submit call.
 * The submit function may change between renders; the actor always calls the latest one.
 */
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { followsNothing } from '#machines/follow';
import { formMachine, type FormInput, type FormValues } from '#machines/forms/form.machine';
import { ApiFailure } from '../api/client.ts';

/** An API failure as the form machines read it: a message and field errors. */
export function formFailure(error: unknown, fieldNames: Record<string, string> = {}) {
  if (error instanceof ApiFailure) {
    const fieldErrors: Record<string, string> = {};
    for (const [key, message] of Object.entries(error.fieldErrors))
      fieldErrors[fieldNames[key] ?? key] = message;
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    return { message: hasFieldErrors ? null : error.message, fieldErrors, title: error.title };
  }
  return { message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}

/**
 * `follow` (machines/follow.ts) sends the form `form.cleared` when what it belongs to starts over;
 * without it the form follows nothing.
 */
export function useFormActor(
  input: FormInput,
  submit?: (values: FormValues) => Promise<unknown>,
  follow?: typeof followsNothing,
) {
  const latest = useRef(submit);
  latest.current = submit;
  return useActorRef(
    formMachine.provide({
      actors: {
        submit: fromPromise(async ({ input: { values } }) => {
          if (!latest.current) return values;
          try {
            return await latest.current(values);
          } catch (error) {
            throw formFailure(error);
          }
        }),
        ...(follow && { follow }),
      },
    }),
    { input },
  );
}
