/**
 * The list machines of the managed server view (machines/managed/items.machine.ts) with the
 * app's calls. The list machine holds its forms (the create form, the open change's form) and
 * sends what they submit; an API refusal reaches it as its message and field errors.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ManagedListName } from '#shared/managed/rules';
import { managedItemsMachine, type ManagedUpdate } from '#machines/managed/items.machine';
import { ApiFailure } from '../../api/client.ts';
import type { ManagedApi } from './api.ts';

type Values = Record<string, unknown>;

/** An API refusal as the list machine reads it: its message and field errors. */
function refusal(error: unknown) {
  if (error instanceof ApiFailure) return { message: error.message, errors: error.fieldErrors };
  return { message: error instanceof Error ? error.message : String(error), errors: {} };
}

const refused = (error: unknown) => Promise.reject(refusal(error));

export function useItems(calls: ManagedApi, list: ManagedListName, deleteLock = false) {
  return useActorRef(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise(() => calls.list(list).catch(refused)),
        create: fromPromise(({ input }: { input: Values }) =>
          calls.create(list, input).catch(refused),
        ),
        update: fromPromise(({ input }: { input: ManagedUpdate }) =>
          calls.update(list, input.id, input.edit, input.values).catch(refused),
        ),
        remove: fromPromise(({ input }: { input: { id: string } }) =>
          calls.remove(list, input.id).catch(refused),
        ),
      },
    }),
    { input: { list, deleteLock } },
  );
}
