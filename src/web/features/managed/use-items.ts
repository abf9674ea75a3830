/**
 * The list machines of the managed server view (machines/managed/items.machine.ts) with the
 * app's calls, and the forms that change a list: the generic form machine (machines/forms), its
 * fields checked by the shared rules (src/shared/managed-forms.ts), its values sent through the
 * list's machine so that the list stays the one place a change is made (one at a time, the
 * delete lock of new items) and the server's field errors land on the fields they name.
 */
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { ManagedListName } from '#shared/managed';
import { MANAGED_MESSAGES as M } from '#shared/messages/managed';
import { formMachine, type FormInput, type FormValues } from '#machines/forms/form.machine';
import {
  managedItemsMachine,
  type ManagedItemsActor,
  type ManagedItemsEvent,
} from '#machines/managed/items.machine';
import { selectCanChange, selectError, selectFieldErrors } from '#machines/managed/items.selectors';
import { ApiFailure } from '../../api/client.ts';
import type { ManagedApi } from './api.ts';

type Values = Record<string, unknown>;

/** An API refusal as the list machine reads it: its message and field errors. */
function refusal(error: unknown) {
  if (error instanceof ApiFailure) return { message: error.message, errors: error.fieldErrors };
  return { message: error instanceof Error ? error.message : String(error), errors: {} };
}

export function useItems(calls: ManagedApi, list: ManagedListName, deleteLock = false) {
  return useActorRef(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise(() => calls.list(list).catch((e: unknown) => Promise.reject(refusal(e)))),
        create: fromPromise(({ input }: { input: Values }) =>
          calls.create(list, input).catch((e: unknown) => Promise.reject(refusal(e))),
        ),
        update: fromPromise(({ input }: { input: { id: string; values: Values } }) =>
          calls
            .update(list, input.id, input.values)
            .catch((e: unknown) => Promise.reject(refusal(e))),
        ),
        remove: fromPromise(({ input }: { input: { id: string } }) =>
          calls.remove(list, input.id).catch((e: unknown) => Promise.reject(refusal(e))),
        ),
      },
    }),
    { input: { list, deleteLock } },
  );
}

type ItemChange = Extract<
  ManagedItemsEvent,
  { type: 'item.create.submitted' } | { type: 'item.update.submitted' }
>;

/**
 * The server's field errors on the form's fields: an error on one item of a list field (the
 * second alias: `aliases.1`) shows on the field (`aliases`). What names no field stays a message.
 */
export function onFormFields(errors: Record<string, string>, fields: readonly string[]) {
  const fieldErrors: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = fields.includes(key) ? key : key.split('.')[0];
    if (!fields.includes(field)) elsewhere.push(message);
    else fieldErrors[field] ??= message;
  }
  return { fieldErrors, elsewhere };
}

/**
 * Sends a change through the list's machine and answers when it is done, or throws what the form
 * machine reads as a refusal (`message`, `fieldErrors`).
 */
export async function changeThrough(
  actor: ManagedItemsActor,
  change: ItemChange,
  fields: readonly string[],
): Promise<void> {
  if (!actor.getSnapshot().can(change)) throw { message: M.changeBusy };
  actor.send(change);
  const answered = await waitFor(actor, selectCanChange);
  const message = selectError(answered);
  if (message === null) return;
  const { fieldErrors, elsewhere } = onFormFields(selectFieldErrors(answered), fields);
  const onFields = Object.keys(fieldErrors).length > 0;
  throw { message: onFields ? (elsewhere[0] ?? null) : message, fieldErrors };
}

/** A form of the view: its fields checked by the shared rules, sent as a change of the list. */
export function useManagedForm(
  actor: ManagedItemsActor,
  input: FormInput,
  toChange: (values: FormValues) => ItemChange,
) {
  const latest = useRef(toChange);
  latest.current = toChange;
  const fields = Object.keys(input.fields);
  return useActorRef(
    formMachine.provide({
      actors: {
        submit: fromPromise(({ input: { values } }) =>
          changeThrough(actor, latest.current(values), fields),
        ),
      },
    }),
    { input },
  );
}

export type ManagedFormActor = ReturnType<typeof useManagedForm>;

/**
 * The form that adds an item to a list: a shared form of src/shared/managed-forms.ts (its fields,
 * any rules across them, and the body it sends).
 */
export function useCreateForm(
  actor: ManagedItemsActor,
  form: Pick<FormInput, 'fields' | 'checks'> & {
    body: (values: FormValues) => Record<string, unknown>;
  },
) {
  return useManagedForm(actor, { fields: form.fields, checks: form.checks }, (values) => ({
    type: 'item.create.submitted',
    values: form.body(values),
  }));
}
